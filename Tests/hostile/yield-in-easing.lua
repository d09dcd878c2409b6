-- expect: inbetween: yield-in-easing.lua:6: attempt to yield across a C-call boundary
local f = coroutine.wrap(function()
  local tf = timing.get(function(t) coroutine.yield(t) return t end)
  return tf(0.5)
end)
f()
