-- expect: ^inbetween: bomb%-busy%-clock%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
-- args: --timeout 60
-- (os.clock is a system call: on a loaded machine 10^7 instructions of this loop take more
-- than the suite's default 5 s of wall time, and the time limit would fire first.)
local t = os.clock()
while true do
  if os.clock() - t > 100 then break end
end
