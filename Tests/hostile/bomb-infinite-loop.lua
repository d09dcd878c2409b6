-- expect: ^inbetween: bomb%-infinite%-loop%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
-- within: 3
local n = 0
while true do
  n = n + 1
end
