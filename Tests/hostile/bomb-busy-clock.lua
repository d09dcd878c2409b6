-- expect: ^inbetween: bomb%-busy%-clock%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
local t = os.clock()
while true do
  if os.clock() - t > 100 then break end
end
