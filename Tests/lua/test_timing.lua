-- Timing functions from every kind of spec, control points, combinators and errors.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("cubic Béziers and Apple's presets", function()
  -- (0.5, 1, 0.5, 1): x(0.5) = 0.5 at parameter 0.5, so y = 3(0.25)(0.5) + 3(0.5)(0.25) + 0.125.
  eq(timing.cubic(0.5, 1, 0.5, 1)(0.5), 0.875, 1e-12)
  local cp = timing.easeIn:controlPoint(1)
  eq(cp.x, 0.42); eq(cp.y, 0)
  cp = timing.default:controlPoint(2)
  eq(cp.x, 0.25); eq(cp.y, 1)
  eq(timing.get("kCAMediaTimingFunctionEaseInEaseOut"):controlPoint(2).x, 0.58)
  eq(timing.get("ease-in-out")(0.5), 0.5, 1e-12)
  eq(timing.linear(0.3), 0.3, 1e-12)
end)

h.test("CSS steps() and linear()", function()
  -- CSS Easing 2: steps(4, jump-end) at 0.3 is floor(0.3 * 4) / 4.
  eq(timing.steps(4, "jump-end")(0.3), 0.25)
  eq(timing.get("steps(4, jump-start)")(0.3), 0.5)
  -- linear(0, 0.25 75%, 1): the first segment maps [0, 0.75] onto [0, 0.25].
  local f = timing.get("linear(0, 0.25 75%, 1)")
  eq(f(0.75), 0.25, 1e-15); eq(f(0.375), 0.125, 1e-15); eq(f(0.875), 0.625, 1e-15)
end)

h.test("registered easings and Lua functions", function()
  -- bounceOut at 0.5: 7.5625 (0.5 - 1.5/2.75)^2 + 0.75 (Penner's second parabola).
  eq(timing.get("bounceOut")(0.5), 7.5625 * (0.5 - 1.5 / 2.75) ^ 2 + 0.75, 1e-15)
  -- backOut with overshoot 0: (t - 1)^2 (t - 1) + 1.
  eq(timing.get("backOut(0)")(0.5), 0.875, 1e-15)
  local square = timing.get(function(t) return t * t end)
  eq(square(0.5), 0.25)
end)

h.test("combinators", function()
  local quad = function(t) return t * t end
  eq(timing.reverse(quad)(0.25), 1 - 0.75 ^ 2, 1e-15)
  eq(timing.mirror(quad)(0.25), 0.125, 1e-15)
  eq(timing.reverse(timing.reverse("easeIn"))(0.3), timing.easeIn(0.3), 1e-12)
end)

h.test("timing errors", function()
  raises(function() local f = timing.cubic(1.5, 0, 0.5, 1) end,
    "bad argument #1 to 'cubic' (x1 is 1.5: x control points must lie in [0, 1])", "test_timing.lua")
  raises(function() return timing.cubic(0.5, "a", 0.5, 1) end,
    "bad argument #2 to 'cubic' (number expected, got string)")
  raises(function() return timing.get("bounceOt") end,
    "bad argument #1 to 'get' (unknown timing function 'bounceOt'; did you mean 'bounceOut' or 'bounceIn'?)")
  raises(function() return timing.steps(0) end,
    "bad argument #1 to 'steps' (the step count must be a positive integer, got 0)")
  raises(function() return timing.get(function(t) return "x" end)(0.5) end,
    "easing 'function' must return a finite number, got string (at t = 0.5)")
end)

return true
