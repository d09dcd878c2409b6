-- expect: ^inbetween: bomb%-coroutine%-loop%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
local co = coroutine.wrap(function()
  while true do end
end)
co()
