-- The scene of goals 7-9 (scene.lua: params.layers layers, each moved, faded and scaled over
-- 10 s) with something to draw, for the rendering figures of scripts/bench: each layer a
-- 40x40 square of its own colour on a 1920x1080 view.
local n = params and params.layers or 1000
scene{size = size(1920, 1080)}
for i = 1, n do
  local l = layer{name = "l" .. i, position = point(0, 0), bounds = rect(0, 0, 40, 40),
    backgroundColor = color((i * 37 % 256) / 255, (i * 91 % 256) / 255, (i * 53 % 256) / 255)}
  l:add(animation.basic{keyPath = "position", fromValue = point(20 + i % 40 * 45, i % 23 * 45),
    toValue = point(300 + i % 37 * 40, 100 + i % 21 * 45), duration = 10, timingFunction = "easeInEaseOut"}, "move")
  l:add(animation.keyframe{keyPath = "opacity", values = {0, 1, 0.5, 1}, keyTimes = {0, 0.3, 0.7, 1},
    timingFunctions = {"easeIn", "bounceOut", "easeOut"}, duration = 10}, "fade")
  l:add(animation.spring{keyPath = "transform.scale", fromValue = 0.5, toValue = 1, duration = 10}, "pop")
end
