-- The easing registry: variants, parameters, plugins' names and keyframes.generate.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("an In easing gets Out, InOut and OutIn", function()
  easing.register("testQuadIn", function(t) return t * t end)
  eq(timing.get("testQuadOut")(0.25), 1 - 0.75 ^ 2, 1e-15)
  eq(timing.get("testQuadInOut")(0.25), 0.125, 1e-15)
  eq(timing.get("testQuadInOut")(0.75), 0.875, 1e-15)
  eq(timing.get("testQuadOutIn")(0.25), (1 - 0.5 ^ 2) / 2, 1e-15)
  eq(easing.info("testQuadOut").generated, true)
end)

h.test("parametric easings take arguments by name(args)", function()
  easing.register("testPow", function(t, n) return t ^ (n or 2) end, {variants = false})
  eq(timing.get("testPow(3)")(0.5), 0.125)
  eq(easing.get("testPowOut"), nil)
end)

h.test("shipped plugins", function()
  eq(easing.info("bounceOut").plugin, "penner")
  eq(easing.info("bounceEaseOut").plugin, "coreanimation")
  -- The classic bounceEaseOut at 0.5: 363/40 t^2 - 99/10 t + 17/5 (second parabola).
  eq(timing.get("bounceEaseOut")(0.5), 363 / 40 * 0.25 - 99 / 10 * 0.5 + 17 / 5, 1e-15)
  eq(springs.get("wobbly").stiffness, 180)
  eq(springs.get("bouncy").bounce, 0.3)
  eq(presets.get("fadeIn").keyPath, "opacity")
end)

h.test("keyframes.generate reproduces the classic 60-frame loop", function()
  local values, times = keyframes.generate{from = 0, to = 1, duration = 1, fps = 60, fn = "bounceEaseOut"}
  eq(#values, 60); eq(#times, 60)
  eq(values[1], 0); eq(values[2], 121 / 16 / 3600, 1e-15)   -- t = 1/60: 121 t^2 / 16
  eq(times[60], 1); eq(times[2], 1 / 59, 1e-15)
  local pts = keyframes.generate{from = point(150, 32), to = point(150, 268), fn = function(t) return t end}
  eq(pts[31], point(150, 32 + 236 * 0.5))
end)

h.test("registry errors", function()
  raises(function() easing.register("bad name", function() end) end,
    "bad argument #1 to 'register' (easing name expected, got 'bad name')", "test_easing.lua")
  raises(function() easing.register("x", 3) end, "bad argument #2 to 'register' (function expected, got number)")
  raises(function() keyframes.generate{from = 0, to = 1, fsp = 30} end,
    "bad argument #1 to 'generate' (unknown key 'fsp'; valid keys: duration, fn, fps, from, inclusive, to)")
  raises(function() keyframes.generate{from = 0, to = 1, duration = -1} end,
    "bad argument #1 to 'generate' (field 'duration' must be a positive number, got -1)")
end)

return true
