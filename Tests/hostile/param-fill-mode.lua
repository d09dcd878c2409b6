-- expect: inbetween: param-fill-mode.lua:2: bad argument #1 to 'basic' (field 'fillMode' must be one of backwards, both, forwards, kCAFillModeBackwards, kCAFillModeBoth, kCAFillModeForwards, kCAFillModeRemoved, removed, got 'sideways')
animation.basic{keyPath = "opacity", from = 0, to = 1, fillMode = "sideways"}
