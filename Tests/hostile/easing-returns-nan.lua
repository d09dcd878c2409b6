-- expect: inbetween: easing-returns-nan.lua:4: easing 'function' must return a finite number, got -nan (at t = 0)
local l = layer{name = "a", opacity = 0}
l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 1,
  timingFunction = function(t) return 0 / 0 end})
