-- expect: inbetween: C stack overflow
local function nest()
  local co = coroutine.create(nest)
  local ok, e = coroutine.resume(co)
  if not ok then error(e, 0) end
end
nest()
