-- A layer that an onStop handler creates mid-run (spark, at 0.5 s), which the CSS export and
-- the preview must not show before (Chromium tests of both). The ball moves for 0.5 s; the spark
-- fades and grows for 0.5 s.
scene{fps = 30, to = 1}
local ball = layer{name = "ball", bounds = rect(0, 0, 40, 40), position = point(40, 100),
  backgroundColor = color(0.2, 0.4, 0.8, 1), cornerRadius = 20}
ball:add(animation.basic{keyPath = "position", fromValue = point(40, 100), toValue = point(240, 100),
  duration = 0.5, fillMode = "forwards", removedOnCompletion = false, onStop = function()
    local spark = layer{name = "spark", bounds = rect(0, 0, 20, 20), position = point(240, 60),
      backgroundColor = color(1, 0.6, 0, 1)}
    spark:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0.2, duration = 0.5})
    spark:add(animation.basic{keyPath = "bounds", fromValue = rect(0, 0, 20, 20), toValue = rect(0, 0, 60, 60),
      duration = 0.5, timingFunction = "easeOut"})
  end})
