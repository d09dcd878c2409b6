-- An activity spinner from one dot: a replicator draws its sublayer 12 times, each copy turned
-- 30 degrees further (instanceTransform about the replicator's centre, applied i times to copy
-- i) and its animations started 1/12 s later (instanceDelay), so one opacity fade becomes a
-- wave running round the ring, as CAReplicatorLayer spinners do.
scene{size = size(200, 200)}
local spinner = replicator{
  name = "spinner",
  bounds = rect(0, 0, 120, 120),
  position = point(100, 100),
  instanceCount = 12,
  instanceTransform = transform.rotation(math.pi / 6),
  instanceDelay = 1 / 12,
}
local dot = layer{name = "dot", bounds = rect(0, 0, 14, 14), cornerRadius = 7, position = point(60, 10),
                  backgroundColor = "#29335c", opacity = 0.15}
spinner:addSublayer(dot)
-- Bright at its start, fading over one turn of the wave (12 copies x 1/12 s); three turns.
-- The run ends at 3 s, with the dot's own animation: removed on completion then, it leaves
-- every copy at once (a copy reads the layer's animations at its own, earlier time, but only
-- while the layer has them), so the later copies snap to the model's 0.15 there, as they do
-- under Core Animation. With removedOnCompletion = false and fillMode = "forwards" the copies
-- would finish their fades, and the run would go on to 3 + 11/12 s for them.
dot:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0.15, duration = 1, repeatCount = 3})
