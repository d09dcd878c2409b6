-- expect: inbetween: bomb-table-concat.lua:3: memory limit (67108864 bytes) exceeded; raise it with --max-memory
local parts = {}
for i = 1, 1 << 22 do parts[i] = "xxxxxxxxxxxxxxxx" end
local s = table.concat(parts):rep(16)
