-- expect: ^inbetween: bomb%-coroutine%-close%-nesting%.lua:13: .*coroutines nested too deep %(limit 200%)$
local last = false
for i = 1, 20000 do
  local previous = last
  last = coroutine.create(function()
    local guard <close> = setmetatable({}, {__close = function()
      if previous then assert(coroutine.close(previous)) end
    end})
    coroutine.yield()
  end)
  coroutine.resume(last)
end
assert(coroutine.close(last))
