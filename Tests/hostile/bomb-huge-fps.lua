-- expect: inbetween: frame limit (10000000) exceeded: the request asks for 100000000001 frames; raise it with --max-frames
local l = layer{name = "a", opacity = 0}
l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 100})
scene{fps = 1e5, to = 1e6}
