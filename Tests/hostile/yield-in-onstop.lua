-- expect: inbetween: attempt to yield from outside a coroutine
local l = layer{name = "a", opacity = 0}
l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 0.1,
  onStop = function() coroutine.yield() end})
