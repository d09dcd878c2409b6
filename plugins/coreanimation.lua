-- The hand-written easings of the classic Core Animation articles, kept exactly as they were
-- written there, so the examples reproduce their numbers.
local exp, cos = math.exp, math.cos

return {
  name = "coreanimation",
  version = "1.0",
  description = "bounceEaseOut and the damped wobble from the classic Core Animation examples",
  easings = {
    -- The bouncing ball's easing: four parabolas through (4/11, 1), (8/11, 1), (9/10, 1), (1, 1).
    bounceEaseOut = {fn = function(t)
      if t < 4 / 11 then
        return (121 * t * t) / 16
      elseif t < 8 / 11 then
        return (363 / 40 * t * t) - (99 / 10 * t) + 17 / 5
      elseif t < 9 / 10 then
        return (4356 / 361 * t * t) - (35442 / 1805 * t) + 16061 / 1805
      end
      return (54 / 5 * t * t) - (513 / 25 * t) + 268 / 25
    end, variants = false},
    -- The jelly ball's spring-back: y = 1 - e^(-damping x) cos(frequency x), defaults 5 and 30.
    dampedWobble = {fn = function(x, damping, frequency)
      return 1 - exp(-(damping or 5) * x) * cos((frequency or 30) * x)
    end, params = {{damping = 5}, {frequency = 30}}, variants = false},
  },
  presets = {
    fadeIn = {type = "basic", keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.25,
      timingFunction = "easeOut"},
    fadeOut = {type = "basic", keyPath = "opacity", fromValue = 1, toValue = 0, duration = 0.25,
      timingFunction = "easeIn"},
    pulse = {type = "basic", keyPath = "transform.scale", fromValue = 1, toValue = 1.1,
      duration = 0.15, autoreverses = true, timingFunction = "easeInEaseOut"},
  },
}
