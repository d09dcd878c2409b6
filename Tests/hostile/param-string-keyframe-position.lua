-- expect: inbetween: param-string-keyframe-position.lua:2: bad argument #1 to 'keyframe' (field 'values' item 2 must be a point (point(x, y)), got string 'left')
local a = animation.keyframe{keyPath = "position", values = {point(0, 0), "left"}, duration = 1}
