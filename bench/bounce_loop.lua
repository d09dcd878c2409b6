-- Reference for goal 2 of scripts/bench: Penner's bounceOut, loaded from plugins/penner.lua,
-- sampled by a plain Lua loop in the lua5.4 interpreter at the inputs the host uses.
-- usage: lua5.4 bench/bounce_loop.lua plugins/penner.lua N  ->  prints "ns_per_sample checksum"
local plugin = dofile(arg[1])
local n = tonumber(arg[2]) or 10000000
local f = plugin.easings.bounceOut.fn
local xs = {}
for i = 1, n do xs[i] = (i - 1) / (n - 1) end
local out = {}
local clock = os.clock
local start = clock()
for i = 1, n do out[i] = f(xs[i]) end
local elapsed = clock() - start
local sum = 0
for i = 1, n do sum = sum + out[i] end
print(string.format("%.3f %.17g", elapsed * 1e9 / n, sum))
