-- expect: inbetween: bomb-huge-keyframes.lua:3: memory limit (67108864 bytes) exceeded; raise it with --max-memory
local values = {}
for i = 1, 1 << 24 do values[i] = i end
animation.keyframe{keyPath = "opacity", values = values}
