-- The same drop driven by the piecewise bounceEaseOut (121t^2/16, ...): 60 keyframes made by
-- interpolating (150, 32) -> (150, 268) at bounceEaseOut(i / 60), held with fillMode forwards.
-- The ball: 64 points round (our choice; the article draws an image of unstated size).
local ball = layer{name = "ball", position = point(150, 32), bounds = rect(0, 0, 64, 64),
                   cornerRadius = 32, backgroundColor = "#e4572e"}

local frames = keyframes.generate{
  from = point(150, 32), to = point(150, 268), duration = 1.0, fps = 60, fn = "bounceEaseOut",
}
ball:add(animation.keyframe{
  keyPath = "position",
  duration = 1.0,
  values = frames,
  removedOnCompletion = false,
  fillMode = "kCAFillModeForwards",
})
