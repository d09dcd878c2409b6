-- The scene of goals 7-9 of scripts/bench (issue 10): params.layers layers, each with a basic
-- position (easeInEaseOut), a keyframe opacity (easeIn / bounceOut / easeOut segments) and a
-- spring on transform.scale, all 10 s. scripts/benchmarks/scene_rows.c computes the same rows.
-- With params.groups > 0 (goal 16, issue 28) the same layers are nested: that many group layers
-- with nothing animated, each holding an equal run of the layers as its sublayers.
local n = params and params.layers or 1000
local groups = params and params.groups or 0
local parents = {}
for g = 1, groups do parents[g] = layer{name = "g" .. g} end
for i = 1, n do
  local l = layer{name = "l" .. i, position = point(0, 0)}
  l:add(animation.basic{keyPath = "position", fromValue = point(0, i), toValue = point(300, i + 100),
    duration = 10, timingFunction = "easeInEaseOut"}, "move")
  l:add(animation.keyframe{keyPath = "opacity", values = {0, 1, 0.5, 1}, keyTimes = {0, 0.3, 0.7, 1},
    timingFunctions = {"easeIn", "bounceOut", "easeOut"}, duration = 10}, "fade")
  l:add(animation.spring{keyPath = "transform.scale", fromValue = 0.5, toValue = 1, duration = 10}, "pop")
  if groups > 0 then parents[(i - 1) * groups // n + 1]:addSublayer(l) end
end
