-- A color keyframe animation blue -> red -> green -> blue over 2 s, with easeIn on every
-- segment (timingFunctions has values.count - 1 entries), so each change pulses like a bulb.
local colorLayer = layer{
  name = "colorLayer",
  bounds = rect(0, 0, 100, 100),
  position = point(50 + 50, 50 + 50),   -- frame (50, 50, 100, 100)
  backgroundColor = "blue",
}

local easeIn = timing.get("kCAMediaTimingFunctionEaseIn")
colorLayer:add(animation.keyframe{
  keyPath = "backgroundColor",
  duration = 2.0,
  values = {"blue", "red", "green", "blue"},
  timingFunctions = {easeIn, easeIn, easeIn},
})
