-- Easings CSS has no keyword for: a Lua function, a plugin easing and a composed preset become
-- linear() easings on their segment within the stated tolerance.
local l = layer{name = "eased", bounds = rect(0, 0, 10, 10), position = point(0, 0)}
l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1,
  timingFunction = function(t) return t * t * (3 - 2 * t) + 0.1 * math.sin(12 * t) * (1 - t) end})
l:add(animation.basic{keyPath = "position.y", fromValue = 0, toValue = 300, duration = 1,
  timingFunction = "bounceOut"})
l:add(animation.keyframe{keyPath = "position.x", values = {0, 120, 60}, duration = 1,
  timingFunctions = {"elasticOut", "linear(0, 0.25 75%, 1)"}})
