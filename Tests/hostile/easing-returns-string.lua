-- expect: inbetween: easing-returns-string.lua:4: easing 'function' must return a finite number, got string (at t = 0)
local l = layer{name = "a", opacity = 0}
l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 1,
  timingFunction = function(t) return "fast" end})
