-- Value constructors: fields, arithmetic, printing and argument errors.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("point, size, rect fields and arithmetic", function()
  local p = point(1, 2) + point(3, 4)
  eq(p.x, 4); eq(p.y, 6)
  eq(point(1, 2) * 3, point(3, 6))
  eq(tostring(point(1.5, -2)), "point(1.5, -2)")
  local s = size(10, 20)
  eq(s.width, 10); eq(s.height, 20)
  local r = rect(1, 2, 3, 4)
  eq(r.x + r.y + r.width + r.height, 10)
end)

h.test("colors from numbers, hex and UIKit names", function()
  local c = color("#ff8000")
  eq(c.r, 1); eq(c.g, 128 / 255, 1e-15); eq(c.b, 0); eq(c.a, 1)
  eq(color("red"), color(1, 0, 0, 1))
  eq(color("blue"), color(0, 0, 1))
  eq(color(0.1, 0.2, 0.3, 0.5).a, 0.5)
end)

h.test("transforms follow CATransform3D's row-vector convention", function()
  -- CATransform3DMakeRotation(pi/2, 0, 0, 1): m11 = cos = 0, m12 = sin = 1, m21 = -1.
  local r = transform.rotation(math.pi / 2)
  eq(r.m[1], 0, 1e-15); eq(r.m[2], 1, 1e-15); eq(r.m[5], -1, 1e-15); eq(r.m[6], 0, 1e-15)
  -- Translation sits in the fourth row (m41, m42, m43).
  local t = transform.translation(10, 20)
  eq(t.m[13], 10); eq(t.m[14], 20)
  -- scale then translate: the row vector is scaled first.
  local st = transform.scale(2) * transform.translation(10, 0)
  eq(st.m[1], 2); eq(st.m[13], 10)
  eq(transform.identity() * transform.scale(3, 4), transform.scale(3, 4))
end)

h.test("paths record their elements", function()
  local p = path():move(74, 74):curve(74, 500, 320, 500, 320, 74):line(0, 0):quad(1, 2, 3, 4):close()
  eq(#p.elements, 5)
  eq(p.elements[2][1], "curve"); eq(p.elements[2][7], 74)
  eq(tostring(p), "path(5 elements)")
end)

h.test("constructor errors name the argument and the rule", function()
  raises(function() local p = point("a", 1) end, "bad argument #1 to 'point' (x: number expected, got string)", "test_values.lua")
  raises(function() return point(1, 0 / 0) end, "bad argument #2 to 'point' (y must be a finite number, got -nan)")
  raises(function() return size(1) end, "bad argument #2 to 'size' (height: number expected, got nil)")
  raises(function() return color("#12345") end,
    "bad argument #1 to 'color' (a hex color is #rgb, #rrggbb or #rrggbbaa with hexadecimal digits (got '#12345'))")
  raises(function() return path():move(1, math.huge) end, "bad argument #2 to 'move' (y must be a finite number, got inf)")
  raises(function() return transform({1, 2}) end, "bad argument #1 to 'transform' (array of 16 numbers expected)")
end)

return true
