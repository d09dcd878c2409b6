-- expect: inbetween: frame limit (1000) exceeded; raise it with --max-frames
-- args: --max-frames 1000
local l = layer{name = "a", opacity = 0}
l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 10, repeatCount = math.huge})
scene{cap = 1e6}
