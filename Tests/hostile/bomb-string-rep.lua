-- expect: inbetween: bomb-string-rep.lua:3: memory limit (67108864 bytes) exceeded; raise it with --max-memory
-- within: 3
local s = string.rep("x", 1 << 30)
