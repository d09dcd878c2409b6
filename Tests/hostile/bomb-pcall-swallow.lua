-- expect: ^inbetween: bomb%-pcall%-swallow%.lua:%d+: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
while true do
  pcall(function() while true do end end)
end
