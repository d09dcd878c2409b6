-- The staggered scene of the export figure of scripts/bench: one backOut move given to
-- params.layers layers by a timeline stagger spread over one second, so that the run has an
-- event (a start and a stop) per layer, all at different times. A grid of icons popping in
-- one after the other is this scene; its structural exports must cost about what its frames do.
local n = params and params.layers or 1000
local layers = {}
for i = 1, n do
  layers[i] = layer{name = "l" .. i, bounds = rect(0, 0, 8, 8), position = point(10 + i % 100 * 10, 10 + i // 100 * 10)}
end
local move = animation.basic{keyPath = "position.x", fromValue = 0, toValue = 200, duration = 0.5,
  timingFunction = "backOut"}
local tl = timeline{}
tl:add(layers, move, 0, {stagger = {each = 1 / n}})
scene{timeline = tl}
