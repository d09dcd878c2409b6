-- Tiny helpers for the Lua-side tests: plain asserts with readable failures.
local M = {}

--- eq(actual, expected [, tolerance]): numbers within tolerance (default exact), or equal values.
function M.eq(actual, expected, tolerance, what)
  if type(actual) == "number" and type(expected) == "number" then
    local tol = tolerance or 0
    if math.abs(actual - expected) > tol then
      error(string.format("%s: expected %.17g (+-%g), got %.17g", what or "value", expected, tol, actual), 2)
    end
  elseif actual ~= expected then
    error(string.format("%s: expected %s, got %s", what or "value", tostring(expected), tostring(actual)), 2)
  end
end

--- raises(fn, message): fn() must fail with exactly `message` (after the "chunk:line: " prefix,
--- which is checked to name this test file when `where` is true).
function M.raises(fn, message, where)
  local ok, err = pcall(fn)
  if ok then error("expected an error: " .. message, 2) end
  err = tostring(err)
  local rest = err:gsub("^[^:]+:%d+: ", "")
  if rest ~= message then
    error(string.format("wrong error\n  expected: %s\n  got:      %s", message, err), 2)
  end
  if where and not err:match("^[^:]*" .. where .. ":%d+: ") then
    error("error does not name " .. where .. ": " .. err, 2)
  end
end

M.count = 0
function M.test(name, fn)
  fn()
  M.count = M.count + 1
end

return M
