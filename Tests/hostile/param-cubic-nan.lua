-- expect: inbetween: param-cubic-nan.lua:2: bad argument #2 to 'cubic' ('y1' must be a finite number, got -nan)
local tf = timing.cubic(0.25, 0 / 0, 0.25, 1)
