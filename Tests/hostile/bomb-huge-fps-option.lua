-- expect: inbetween: frame limit (10000000) exceeded: the request asks for 100000001 frames; raise it with --max-frames
-- args: --fps 100000 --to 1000
local l = layer{name = "a", opacity = 0}
l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 100})
