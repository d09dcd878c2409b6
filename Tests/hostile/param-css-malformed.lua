-- expect: inbetween: param-css-malformed.lua:2: bad argument #1 to 'basic' (field 'timingFunction' steps() position 'sideways' is not one of jump-start, jump-end, jump-none, jump-both, start, end)
animation.basic{keyPath = "opacity", from = 0, to = 1, timingFunction = "steps(4, sideways)"}
