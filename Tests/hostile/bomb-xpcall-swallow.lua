-- expect: ^inbetween: bomb%-xpcall%-swallow%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
while true do
  xpcall(function() while true do end end, function(e) return e end)
end
