-- expect: inbetween: yield-in-transaction.lua:2: attempt to yield across a C-call boundary
coroutine.wrap(function()
  transaction{duration = 1}(function() coroutine.yield() end)
end)()
