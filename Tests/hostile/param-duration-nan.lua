-- expect: inbetween: param-duration-nan.lua:2: bad argument #1 to 'basic' (field 'duration' must be a finite number, got -nan)
animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 0 / 0}
