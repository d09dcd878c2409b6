-- Animation constructors: Core Animation's property names, validation and messages.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("constructors accept every Core Animation property", function()
  local a = animation.basic{keyPath = "position", fromValue = point(0, 0), toValue = point(100, 0),
    duration = 1, beginTime = 0.5, speed = 2, timeOffset = 0.1, repeatCount = 2.5, autoreverses = true,
    fillMode = "kCAFillModeForwards", removedOnCompletion = false, timingFunction = "easeOut",
    additive = false, cumulative = false}
  eq(a:kind(), "basic"); eq(a:duration(), 1)
  local k = animation.keyframe{keyPath = "position", values = {point(0, 0), point(1, 1), point(2, 0)},
    keyTimes = {0, 0.3, 1}, timingFunctions = {"easeIn", "easeOut"}, calculationMode = "cubic",
    tensionValues = {0, 0, 0}, continuityValues = {0, 0, 0}, biasValues = {0, 0, 0}}
  eq(k:keyPaths()[1], "position")
  local p = animation.keyframe{keyPath = "position", path = path():move(0, 0):line(10, 0), rotationMode = "auto"}
  eq(#p:keyPaths(), 2)
  local s = animation.spring{keyPath = "transform.scale", from = 0, to = 1, mass = 1, stiffness = 100, damping = 10}
  -- Our settling definition: the envelope R e^(-zeta w0 t) of |x - 1| falls to 0.001. Apple's
  -- defaults give w0 = 10, zeta = 0.5, so R = 1 / sqrt(1 - zeta^2) and t = ln(R / 0.001) / 5.
  eq(s:settlingDuration(), math.log(1 / 0.001 * math.sqrt(1 / (1 - 0.25))) / 5, 1e-12)
  local g = animation.group{animations = {a, k}, duration = 5}
  eq(g:kind(), "group")
  eq(animation.preset("fadeIn", {duration = 2}):duration(), 2)
end)

h.test("typos and bad values are errors naming the field", function()
  raises(function() local a = animation.basic{keyPath = "position", durtion = 1} end,
    "bad argument #1 to 'basic' (unknown key 'durtion'; did you mean 'duration'? valid keys: additive, autoreverses, beginFromCurrentState, beginTime, by, byValue, cumulative, duration, fillMode, from, fromValue, keyPath, onStart, onStop, removedOnCompletion, repeatCount, repeatDuration, speed, timeOffset, timing, timingFunction, to, toValue)",
    "test_animation.lua")
  raises(function() return animation.basic{keyPath = "positon"} end,
    "bad argument #1 to 'basic' (field 'keyPath' is not a layer property, got 'positon'; did you mean 'position' or 'zPosition'?)")
  raises(function() return animation.basic{keyPath = "opacity", duration = -1} end,
    "bad argument #1 to 'basic' (field 'duration' must be 0 (the 0.25 s default) or positive, got -1)")
  raises(function() return animation.basic{keyPath = "opacity", duration = 0 / 0} end,
    "bad argument #1 to 'basic' (field 'duration' must be a finite number, got -nan)")
  raises(function() return animation.basic{keyPath = "opacity", fillMode = "forward"} end,
    "bad argument #1 to 'basic' (field 'fillMode' must be one of backwards, both, forwards, kCAFillModeBackwards, kCAFillModeBoth, kCAFillModeForwards, kCAFillModeRemoved, removed, got 'forward')")
  raises(function() return animation.keyframe{keyPath = "opacity", values = {0, 1}, keyTimes = {0, 0.5, 1}} end,
    "bad argument #1 to 'keyframe' (field 'keyTimes' needs one per value (2), got 3 entries)")
  raises(function() return animation.keyframe{keyPath = "opacity", values = {0, 1, 0}, calculationMode = "spline"} end,
    "bad argument #1 to 'keyframe' (field 'calculationMode' must be one of cubic, cubicPaced, discrete, kCAAnimationCubic, kCAAnimationCubicPaced, kCAAnimationDiscrete, kCAAnimationLinear, kCAAnimationPaced, linear, paced, got 'spline')")
  raises(function() return animation.spring{keyPath = "opacity", to = 1, mass = 0} end,
    "bad argument #1 to 'spring' (field 'mass' must be greater than 0, got 0)")
  springs.register("t_typo", {mass = 1, stifness = 120})
  raises(function() return animation.spring{keyPath = "opacity", to = 1, preset = "t_typo"} end,
    "bad argument #1 to 'spring' (field 'preset' names a spring with an unknown key 'stifness' (valid keys: bounce, damping, description, duration, initialVelocity, mass, source, stiffness), got 't_typo')")
  raises(function() return animation.spring{keyPath = "opacity", to = 1, preset = "wobly"} end,
    "bad argument #1 to 'spring' (field 'preset' names no known spring, got 'wobly'; did you mean 'wobbly'?)")
  raises(function() return animation.group{animations = {1}} end,
    "bad argument #1 to 'group' (field 'animations' item 1 must be an animation, got number)")
end)

return true
