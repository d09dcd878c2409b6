-- expect: inbetween: param-point-nan.lua:2: bad argument #1 to 'point' (x must be a finite number, got -nan)
local p = point(0 / 0, 1)
