-- What the examples do not exercise, for the preview's Chromium test: a 3D rotation with
-- perspective (m34 = -1/500), an anchor point off centre with anchorPointZ and zPosition,
-- bounds of fractional size that change, a border and corner radius in translucent colours;
-- a shape layer whose bounds do not start at 0, rotated, its opacity overshooting 1.
local perspective = transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 500, 0, 0, 0, 1}
local card = layer{name = "card", bounds = rect(0, 0, 123.4567, 77.89), position = point(200.25, 150.125),
  anchorPoint = point(0.2, 0.7), anchorPointZ = 10, zPosition = 5, cornerRadius = 12.5, borderWidth = 3.5,
  borderColor = color(0.1, 0.2, 0.3, 0.8), backgroundColor = color(0.9, 0.5, 0.25, 0.6),
  transform = perspective}
card:add(animation.basic{keyPath = "transform", fromValue = perspective,
  toValue = transform.rotation(1.1, 0, 1, 0):concat(perspective), duration = 1, timingFunction = "easeInEaseOut"})
card:add(animation.basic{keyPath = "bounds", fromValue = rect(0, 0, 123.4567, 77.89),
  toValue = rect(0, 0, 60.123, 140.321), duration = 1})
local shape = layer{name = "shape", bounds = rect(10, 20, 50.3, 40.7), position = point(80.5, 300.25),
  path = path():move(10, 20):line(60, 20):quad(70, 40, 40, 60):close(), fillColor = "#33aa55",
  strokeColor = "red", lineWidth = 2}
shape:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1.3, duration = 1})
shape:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = 0.8, duration = 1})
scene{fps = 30}
