-- A long run (100 s, 6,001 frames at 60 fps): every keyframe must sit exactly at its time. A
-- percentage of the run rounded to 4 decimals moves a keyframe by up to 5e-7 of the run, 50 µs
-- here, which at this layer's 600 px/s is 0.03 px (the Chromium check allows 0.01 px).
local runner = layer{name = "runner", bounds = rect(0, 0, 20, 20), position = point(0, 50)}
runner:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 600, duration = 1,
  repeatCount = 100})
