-- expect: ^inbetween: bomb%-table%-growth%.lua:%d+: memory limit %(67108864 bytes%) exceeded; raise it with %-%-max%-memory$
-- within: 3
local t = {}
for i = 1, math.huge do
  t[i] = {i}
end
