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
    "bad argument #1 to 'generate' (unknown key 'fsp'; did you mean 'fn' or 'fps'? valid keys: duration, fn, fps, from, inclusive, to)")
  raises(function() keyframes.generate{from = 0, to = 1, duration = -1} end,
    "bad argument #1 to 'generate' (field 'duration' must be a positive number, got -1)")
  -- A misspelt easing is the script's mistake, at the script's line (was the host's
  -- "[inbetween easings]:116", issue 31).
  raises(function() keyframes.generate{from = 0, to = 1, fn = "bounceEaseOutt"} end,
    "bad argument #1 to 'generate' (field 'fn': unknown timing function 'bounceEaseOutt'; did you mean 'bounceEaseOut'?)",
    "test_easing.lua")
  raises(function() easing.resolve("bounceEaseOutt") end,
    "bad argument #1 to 'resolve' (unknown timing function 'bounceEaseOutt'; did you mean 'bounceEaseOut'?)",
    "test_easing.lua")
  raises(function() easing.register("testBadParams", function(t) return t end, {params = {a = 1, b = 2}}) end,
    "bad argument #3 to 'register' (field 'params' of 'testBadParams' names 2 parameters in no order; give them as a list: {{a = 1}, {b = 2}})")
  raises(function() easing.register("testBadParams", function(t) return t end, {params = {p = "x"}}) end,
    "bad argument #3 to 'register' (parameter 'p' of 'testBadParams' must default to a number, got string)")
end)

-- Issue 31: `params` are the defaults of the arguments after t, for the name alone, for a
-- name given fewer arguments, and for the Out/InOut/OutIn variants of a name ending in In.
h.test("params give the defaults of an easing's arguments", function()
  -- t^p with p = 3: In(0.5) = 0.125; Out(0.5) = 1 - (1 - 0.5)^3 = 0.875;
  -- InOut(0.25) = In(0.5) / 2 = 0.0625; with p = 2 given, In(0.5) = 0.25.
  easing.register("testPowIn", function(t, p) return t ^ p end, {params = {p = 3}})
  eq(easing.get("testPowIn")(0.5), 0.125)
  eq(easing.get("testPowOut")(0.5), 0.875)
  eq(easing.get("testPowInOut")(0.25), 0.0625)
  eq(easing.get("testPowIn(2)")(0.5), 0.25)
  eq(timing.get("testPowIn")(0.5), 0.125)
  -- Several parameters in order: a·t + b with a = 2, b = 0.25: 2·0.5 + 0.25 = 1.25; with
  -- a = 1 given, b keeps its default: 0.75.
  easing.register("testLine", function(t, a, b) return a * t + b end,
    {params = {{a = 2}, {b = 0.25}}, variants = false})
  eq(easing.get("testLine")(0.5), 1.25)
  eq(easing.get("testLine(1)")(0.5), 0.75)
  eq(easing.info("testLine").params[2].name, "b")
  eq(easing.info("testLine").params[2].default, 0.25)
  -- Only names ending in In get variants.
  easing.register("testSwing", function(t, k) return t * k end, {params = {k = 1}})
  eq(easing.get("testSwingOut"), nil)
end)


-- plugins/custom.lua. With strength (restitution) e = 0.5 and no squash the phases are: the fall
-- (time 1), then flights of 2e^k = 1, 0.5, 0.25, 0.125 (the next peak, e^10 < 1e-3, is left out):
-- 2.875 in all. Landing (t = 1) is y = 1; the first flight peaks at t = 1.5 at height e² = 0.25.
h.test("customBounce: physics of a ball with restitution = strength", function()
  local f = timing.get("customBounce(0.5)")
  eq(f(0), 0)
  eq(f(1 / 2.875), 1, 1e-12, "landing")
  eq(f(1.5 / 2.875), 0.75, 1e-12, "first peak")
  eq(f(2.25 / 2.875), 0.9375, 1e-12, "second flight (from t = 2, length 0.5) peaks at e^4 = 0.0625")
  eq(f(1), 1)
  -- Squash: the curve is 0 in the air and peaks at 1 in the middle of the first contact, which
  -- starts when the fall ends (t = 1) and lasts 5% of it.
  local s = timing.get("customBounceSquash(0.5, 5)")
  local total = 1 + 0.05 * (1 + 0.5 + 0.25 + 0.125) + 2.875 - 1
  eq(s(0.5 / total), 0, 0, "in the fall")
  eq(s(1.025 / total), 1, 1e-12, "middle of the first contact")
  -- endAtStart: from the ground up to 1 and back down to 0.
  local leap = timing.get("customBounce(0.5, 0, 1)")
  eq(leap(0), 0)
  eq(leap(1 / 3.875), 1, 1e-12, "top of the leap")
  eq(leap(1), 0, 1e-12)
  raises(function() return timing.get("customBounce(1.5)")(0.5) end, "customBounce: strength must be in (0, 1), got 1.5")
end)

h.test("customWiggle: n oscillations that start and end at 0, deterministic", function()
  for _, name in ipairs({"customWiggle", "customWiggleEaseInOut", "customWiggleUniform", "customWiggleAnticipate",
                         "customWiggleRandom"}) do
    local f = timing.get(name .. "(4)")
    eq(f(0), 0, 1e-12, name .. "(0)")
    eq(f(1), 0, 1e-12, name .. "(1)")
  end
  -- easeOut: (1 − x)·sin(2π·4·x); at x = 1/16 the sine is 1.
  eq(timing.get("customWiggle(4)")(1 / 16), 15 / 16, 1e-12)
  eq(timing.get("customWiggleUniform(4)")(1 / 16), 1, 1e-12)
  local a, b = timing.get("customWiggleRandom(6, 42)"), timing.get("customWiggleRandom(6, 42)")
  local c = timing.get("customWiggleRandom(6, 43)")
  local differs = false
  for i = 1, 99 do
    eq(a(i / 100), b(i / 100), 0, "same seed")
    if a(i / 100) ~= c(i / 100) then differs = true end
  end
  assert(differs, "another seed gives another wiggle")
end)

return true
