-- expect: inbetween: param-css-cubic-x-range.lua:2: bad argument #1 to 'basic' (field 'timingFunction' cubic-bezier() x1 = 2: x control points must lie in [0, 1])
animation.basic{keyPath = "opacity", from = 0, to = 1, timingFunction = "cubic-bezier(2, 0, 1, 1)"}
