-- The same move written the UIView way: animateWithDuration 1.0, delay 0, with the option
-- UIViewAnimationOptionCurveEaseOut, which names the same easeOut curve.
scene{size = size(375, 667)}
local colorView = layer{
  name = "colorView",
  bounds = rect(0, 0, 100, 100),
  position = point(375 / 2, 667 / 2),
  backgroundColor = "red",
}

transaction{duration = 1.0, timingFunction = "UIViewAnimationOptionCurveEaseOut"}(function()
  colorView.position = point(300, 120)
end)
