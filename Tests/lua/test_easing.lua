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

h.test("Penner's bounceOut: four parabolas of 7.5625 (t - c)^2 + k", function()
  local f = timing.get("bounceOut")
  -- Each parabola touches 1 at its ends (1/2.75, 2/2.75, 2.5/2.75, 1) and bottoms out at
  -- Penner's constants 0.75, 0.9375, 0.984375 halfway between.
  for _, t in ipairs{1 / 2.75, 2 / 2.75, 2.5 / 2.75, 1} do eq(f(t), 1, 1e-12, "bounceOut(" .. t .. ")") end
  eq(f(1.5 / 2.75), 0.75, 1e-15); eq(f(2.25 / 2.75), 0.9375, 1e-15); eq(f(2.625 / 2.75), 0.984375, 1e-15)
  eq(f(0.25), 7.5625 * 0.0625, 1e-15)
  -- In and InOut are its mirrors.
  eq(timing.get("bounceIn")(0.25), 1 - f(0.75), 1e-15)
  eq(timing.get("bounceInOut")(0.75), 0.5 + f(0.5) / 2, 1e-15)
end)

h.test("the classic bounceEaseOut: parabolas through 1 at 4/11, 8/11, 9/10 and 1", function()
  local f = timing.get("bounceEaseOut")
  for _, t in ipairs{4 / 11, 8 / 11, 9 / 10, 1} do eq(f(t), 1, 1e-12, "bounceEaseOut(" .. t .. ")") end
  -- Second parabola 363/40 t^2 - 99/10 t + 17/5: vertex at t = (99/10) / (2 * 363/40) = 6/11,
  -- value 17/5 - (99/10)^2 / (4 * 363/40) = 0.7.
  eq(f(6 / 11), 0.7, 1e-12)
  eq(f(0.2), 121 * 0.04 / 16, 1e-15)
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
