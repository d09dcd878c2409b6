-- Transform parts animated side by side with position (each once, never twice), and a whole
-- matrix animation, which Core Animation interpolates through its decomposition (baked).
local card = layer{name = "card", bounds = rect(0, 0, 60, 40), position = point(100, 100),
  anchorPoint = point(0, 0.5)}
card:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi / 2, duration = 1,
  timingFunction = "easeInEaseOut"})
card:add(animation.basic{keyPath = "transform.scale.x", fromValue = 1, toValue = 2, duration = 0.5})
card:add(animation.basic{keyPath = "transform.translation.y", fromValue = 0, toValue = 30, duration = 0.8})
card:add(animation.basic{keyPath = "position", fromValue = point(100, 100), toValue = point(200, 150), duration = 1})
local tile = layer{name = "tile", bounds = rect(0, 0, 30, 30), position = point(50, 200)}
tile:add(animation.basic{keyPath = "transform", fromValue = transform.rotation(0),
  toValue = transform.rotation(math.pi * 0.75), duration = 1})
