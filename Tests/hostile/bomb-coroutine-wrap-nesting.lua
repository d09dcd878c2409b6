-- expect: ^inbetween: bomb%-coroutine%-wrap%-nesting%.lua:3: .*C stack overflow$
local function nest()
  return coroutine.wrap(nest)()
end
nest()
