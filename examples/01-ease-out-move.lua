-- A red 100x100 layer moves to a touched point in a CATransaction of 1 s with the easeOut
-- timing function: the implicit animation Core Animation makes for a changed position.
-- The view is an iPhone-sized 375x667, so the layer starts at its centre; the touch is ours.
scene{size = size(375, 667)}   -- the view, as the canvas of exports that draw (Lottie)
local colorLayer = layer{
  name = "colorLayer",
  bounds = rect(0, 0, 100, 100),
  position = point(375 / 2, 667 / 2),
  backgroundColor = "red",
}

transaction{duration = 1.0, timingFunction = "kCAMediaTimingFunctionEaseOut"}(function()
  colorLayer.position = point(300, 120)   -- the touch location
end)
