-- An explicit fade: a CABasicAnimation of opacity 1 -> 0 over 1 s added for the key
-- "opacity", with the model value set to 0 so the layer stays faded when it is removed.
local theLayer = layer{name = "theLayer", bounds = rect(0, 0, 100, 100), position = point(100, 100)}

theLayer:add(animation.basic{keyPath = "opacity", fromValue = 1.0, toValue = 0.0, duration = 1.0},
  "opacity")
theLayer.opacity = 0.0
