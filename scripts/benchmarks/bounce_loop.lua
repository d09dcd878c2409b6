-- Reference for goal 2 of scripts/bench: Penner's bounceOut, loaded from plugins/penner.lua,
-- sampled by a plain Lua loop in the lua5.4 interpreter, doing the work the host's sampling does
-- for `inbetween curve bounceOut --samples N`: x = (i - 1) / (N - 1) computed in the loop and
-- each result stored, here in a Lua table built as Lua builds one (the host's figure includes
-- building its Swift array likewise). Both sum the results outside the timing, for a checksum.
-- usage: lua5.4 scripts/benchmarks/bounce_loop.lua plugins/penner.lua N  ->  prints "ns_per_sample checksum"
local plugin = dofile(arg[1])
local n = tonumber(arg[2]) or 10000000
local f = plugin.easings.bounceOut.fn
local clock = os.clock
local start = clock()
local out = {}
local last = n - 1
for i = 1, n do out[i] = f((i - 1) / last) end
local elapsed = clock() - start
local sum = 0
for i = 1, n do sum = sum + out[i] end
print(string.format("%.3f %.17g", elapsed * 1e9 / n, sum))
