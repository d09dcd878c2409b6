-- A loading bar: its track fades in, and a gradient layer (CAGradientLayer) grows across it
-- from 0 to 100 %, its colours turning from blue to violet on the way (colors animated element
-- by element), while a light band sweeps along it twice: its locations run from before the
-- start to past the end, the usual shimmer of a CAGradientLayer.
scene{size = size(320, 80)}
local track = layer{name = "track", bounds = rect(0, 0, 280, 16), position = point(160, 40),
                    cornerRadius = 8, backgroundColor = "#e6e8ef"}
track:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.25})
local blue = {"#0083b0", "#bfefff", "#0083b0"}
local violet = {"#4a00e0", "#e3ccff", "#8e2de2"}
local bar = gradientLayer{
  name = "bar",
  bounds = rect(0, 0, 280, 16),
  anchorPoint = point(0, 0.5),
  position = point(20, 40),
  cornerRadius = 8,
  colors = violet,
  locations = {1, 1.2, 1.4},
  startPoint = point(0, 0.5),
  endPoint = point(1, 0.5),
}
bar:add(animation.basic{keyPath = "bounds.size.width", fromValue = 0, toValue = 280, duration = 2,
                        timingFunction = "easeInEaseOut"})
bar:add(animation.basic{keyPath = "colors", fromValue = blue, toValue = violet, duration = 2})
bar:add(animation.basic{keyPath = "locations", fromValue = {-0.4, -0.2, 0}, toValue = {1, 1.2, 1.4},
                        duration = 1, repeatCount = 2})
