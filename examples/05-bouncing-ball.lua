-- A ball dropped from (150, 32) bounces on y = 268: eight key values at keyTimes
-- 0/0.3/0.5/0.7/0.8/0.9/0.95/1, easeIn falling and easeOut rising, over 1 s.
-- The ball: 64 points round (our choice; the article draws an image of unstated size).
local ball = layer{name = "ball", position = point(150, 32), bounds = rect(0, 0, 64, 64),
                   cornerRadius = 32, backgroundColor = "#e4572e"}

ball:add(animation.keyframe{
  keyPath = "position",
  duration = 1.0,
  values = {
    point(150, 32), point(150, 268), point(150, 140), point(150, 268),
    point(150, 220), point(150, 268), point(150, 250), point(150, 268),
  },
  timingFunctions = {"easeIn", "easeOut", "easeIn", "easeOut", "easeIn", "easeOut", "easeIn"},
  keyTimes = {0.0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0},
})
-- The model value is the resting place, so the ball stays there when the animation ends.
ball.position = point(150, 268)
