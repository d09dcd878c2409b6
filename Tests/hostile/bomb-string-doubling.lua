-- expect: ^inbetween: bomb%-string%-doubling%.lua:%d+: memory limit %(67108864 bytes%) exceeded; raise it with %-%-max%-memory$
local s = "x"
while true do
  s = s .. s
end
