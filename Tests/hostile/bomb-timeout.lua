-- expect: ^inbetween: bomb%-timeout%.lua:%d+: time limit %(1 s%) exceeded; raise it with %-%-timeout$
-- args: --max-instructions 0 --timeout 1
local n = 0
while true do
  n = n + 1
end
