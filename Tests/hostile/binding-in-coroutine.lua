-- expect: inbetween: binding-in-coroutine.lua:2: binding-in-coroutine.lua:3: bad argument #1 to 'basic' (field 'duration' must be 0 (the 0.25 s default) or positive, got -1)
coroutine.wrap(function()
  return animation.basic{keyPath = "opacity", from = 0, to = 1, duration = -1}
end)()
