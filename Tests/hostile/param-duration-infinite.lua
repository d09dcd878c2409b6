-- expect: inbetween: param-duration-infinite.lua:2: bad argument #1 to 'basic' (field 'duration' must be a finite number, got inf)
animation.basic{keyPath = "opacity", from = 0, to = 1, duration = math.huge}
