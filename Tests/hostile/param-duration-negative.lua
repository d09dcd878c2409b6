-- expect: inbetween: param-duration-negative.lua:2: bad argument #1 to 'basic' (field 'duration' must be 0 (the 0.25 s default) or positive, got -2)
animation.basic{keyPath = "opacity", from = 0, to = 1, duration = -2}
