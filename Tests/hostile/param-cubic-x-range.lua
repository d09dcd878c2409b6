-- expect: inbetween: param-cubic-x-range.lua:2: bad argument #1 to 'cubic' (x1 is 1.5: x control points must lie in [0, 1])
timing.cubic(1.5, 0, 0.5, 1)
