-- expect: inbetween: param-generate-fps.lua:2: bad argument #1 to 'generate' (field 'fps' must be in (0, 100000], got 0)
keyframes.generate{from = 0, to = 1, fps = 0}
