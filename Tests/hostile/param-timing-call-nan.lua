-- expect: inbetween: param-timing-call-nan.lua:2: bad argument #2 to 'easeIn' ('x' must be a finite number, got inf)
local y = timing.easeIn(math.huge)
