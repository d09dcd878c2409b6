-- CAMediaTiming: beginTime, speed, repeatCount (fractional), autoreverses and fill modes.
local a = layer{name = "timed", bounds = rect(0, 0, 40, 40), position = point(100, 100), opacity = 0.5}
a:add(animation.basic{keyPath = "position.x", fromValue = 100, toValue = 300, duration = 0.4,
  beginTime = 0.3, repeatCount = 2.5, autoreverses = true, timingFunction = "easeInEaseOut",
  fillMode = "both", removedOnCompletion = false})
a:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0, duration = 1, speed = 2,
  beginTime = 0.5, fillMode = "backwards"})
a:add(animation.keyframe{keyPath = "position.y", values = {100, 200, 150}, duration = 0.6, speed = -1,
  timingFunctions = {"easeOut", "cubic-bezier(0.3, 1.4, 0.6, 1)"}, repeatCount = 2})
a:add(animation.keyframe{keyPath = "cornerRadius", values = {0, 10, 4, 20}, keyTimes = {0, 0.2, 0.7, 0.9, 1},
  calculationMode = "discrete", duration = 1.2})
