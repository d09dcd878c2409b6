-- Layers, implicit animations in transactions, explicit animations by key, and callbacks.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("model values and Core Animation defaults", function()
  local l = layer{name = "t_model", position = point(10, 20), opacity = 0.5}
  eq(l.position, point(10, 20)); eq(l.opacity, 0.5)
  eq(l.cornerRadius, 0); eq(l.anchorPoint, point(0.5, 0.5))
  eq(l["position.x"], 10)
  l.position = point(1, 2)           -- outside a transaction: an immediate model change
  eq(l.position, point(1, 2)); eq(#l:animationKeys(), 0)
  eq(l.name, "t_model"); eq(tostring(l), "layer(t_model)")
end)

h.test("a property set inside a transaction makes the implicit animation", function()
  local l = layer{name = "t_implicit", opacity = 1}
  transaction{duration = 1, timingFunction = "linear"}(function() l.opacity = 0 end)
  eq(l.opacity, 0)                          -- the model value changes at once
  eq(l:animationKeys()[1], "opacity")       -- keyed by the property, as Core Animation does
  eq(l:presentation("opacity"), 1)          -- at scene time 0 the animation starts from 1
  transaction{disableActions = true}(function() l.position = point(5, 5) end)
  eq(#l:animationKeys(), 1)
end)

h.test("explicit animations by key: add, replace, remove", function()
  local l = layer{name = "t_keys"}
  local a = animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1}
  eq(l:add(a, "fade"), "fade")
  eq(l:add(a, "fade"), "fade")              -- same key replaces
  eq(#l:animationKeys(), 1)
  local generated = l:add(a)
  eq(#l:animationKeys(), 2)
  l:remove("fade"); eq(l:animationKeys()[1], generated)
  l:removeAll(); eq(#l:animationKeys(), 0)
end)

h.test("layer errors", function()
  raises(function() local l = layer{name = "t_err", positon = point(0, 0)} end,
    "bad argument #1 to 'layer' (unknown key 'positon'; did you mean 'position' or 'zPosition'? valid keys: allowsGroupOpacity, anchorPoint, anchorPointZ, autoreverses, backgroundColor, beginTime, borderColor, borderWidth, bounds, colors, contents, contentsCenter, contentsGravity, contentsRect, contentsScale, cornerCurve, cornerRadius, doubleSided, duration, endPoint, fillColor, fillMode, fillRule, fontSize, foregroundColor, hidden, lineCap, lineDashPattern, lineDashPhase, lineJoin, lineWidth, locations, magnificationFilter, maskedCorners, masksToBounds, minificationFilter, miterLimit, name, opacity, path, position, rasterizationScale, repeatCount, repeatDuration, shadowColor, shadowOffset, shadowOpacity, shadowPath, shadowRadius, speed, startPoint, strokeColor, strokeEnd, strokeStart, sublayerTransform, sublayers, timeOffset, transform, type, zPosition)",
    "test_layers.lua")
  local l = layer{name = "t_err2"}
  raises(function() l.opacty = 1 end, "layer 't_err2' has no property 'opacty'; did you mean 'opacity'?", "test_layers.lua")
  raises(function() local v = l.bogus end, "layer 't_err2' has no property 'bogus'")
  raises(function() l.opacity = point(1, 1) end, "layer 't_err2' property 'opacity' expects a number, got point")
  raises(function() local x = layer{name = "t_err2"} end,
    "bad argument #1 to 'layer' (field 'name' a layer with this name already exists in the scene, got t_err2)")
  raises(function() transaction{duration = -1} end,
    "bad argument #1 to 'transaction' (field 'duration' must be 0 or positive, got -1)")
  -- A method call: like Lua's own methods, the position counts from after self.
  raises(function() l:add(3) end, "bad argument #1 to 'add' (animation expected, got number)")
end)

-- A layer is a CAMediaTiming object (issue 28): its local time is (t - beginTime) * speed +
-- timeOffset of its superlayer's time t (the stage's is scene time, `now()`), as convertTime
-- gives it; its animations are stamped with and run in that time.
h.test("a layer's timing properties and convertTime", function()
  local l = layer{name = "t_timing", speed = 2, beginTime = 1, timeOffset = 0.5}
  eq(l.speed, 2); eq(l.beginTime, 1); eq(l.timeOffset, 0.5)
  local plain = layer{name = "t_timing_plain"}
  eq(plain.speed, 1); eq(plain.beginTime, 0); eq(plain.duration, 0); eq(plain.timeOffset, 0)
  eq(plain.repeatCount, 0); eq(plain.repeatDuration, 0); eq(plain.autoreverses, false)
  eq(plain.fillMode, "removed")
  plain.autoreverses = true; eq(plain.autoreverses, true); plain.autoreverses = false
  plain.fillMode = "kCAFillModeBoth"; eq(plain.fillMode, "both"); plain.fillMode = "removed"
  plain.repeatCount = math.huge; eq(plain.repeatCount, math.huge); plain.repeatCount = 0
  -- Scene 4 -> (4 - 1) * 2 + 0.5 = 6.5, and back; QA1673 reads it as convertTime(now(), {from = nil}).
  eq(l:convertTime(4), 6.5); eq(l:convertTime(4, {from = nil}), 6.5); eq(l:convertTime(4, {}), 6.5)
  eq(l:convertTime(6.5, {to = false}), 4)
  eq(l:convertTime(now(), {from = nil}), -1.5)   -- now() is 0 at the top of a script
  plain.speed = 0.5; plain.timeOffset = 3
  -- l's 6.5 is scene 4, which is plain's 4 * 0.5 + 3 = 5.
  eq(plain:convertTime(6.5, {from = l}), 5); eq(l:convertTime(6.5, {to = plain}), 5)
  -- An animation is stamped with its layer's time now: plain's 3, so at 0 it is at its start.
  plain:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
  eq(plain:presentation("opacity"), 0)
  raises(function() plain.speed = "fast" end,
    "layer 't_timing_plain' property 'speed' must be a number, got 'fast'", "test_layers.lua")
  raises(function() plain.fillMode = "sideways" end,
    "layer 't_timing_plain' property 'fillMode' must be one of backwards, both, forwards, kCAFillModeBackwards, kCAFillModeBoth, kCAFillModeForwards, kCAFillModeRemoved, removed, got 'sideways'",
    "test_layers.lua")
  raises(function() plain.duration = -1 end,
    "layer 't_timing_plain' property 'duration' must be 0 or positive, got -1", "test_layers.lua")
  raises(function() plain.autoreverses = 1 end,
    "layer 't_timing_plain' property 'autoreverses' must be a boolean, got 1", "test_layers.lua")
  raises(function() l:convertTime(1, {from = plain, to = plain}) end,
    "bad argument #2 to 'convertTime' (field 'to' is given together with 'from'; convert from one or to one)",
    "test_layers.lua")
  raises(function() l:convertTime(1, {from = 3}) end,
    "bad argument #2 to 'convertTime' (field 'from' must be a layer, or false for the stage, got number)",
    "test_layers.lua")
  plain.speed = 0
  raises(function() plain:convertTime(1, {to = false}) end,
    "bad value for 'speed' (0): layer 't_timing_plain' is paused, so its times do not map back to its superlayer's",
    "test_layers.lua")
  plain.speed = 1; plain.timeOffset = 0
end)

return true
