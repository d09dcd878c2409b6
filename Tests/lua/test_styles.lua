-- Stroke and corner styles by Core Animation's names (Apple, CAShapeLayer: lineCap, lineJoin,
-- lineDashPattern, lineDashPhase, fillRule; CALayer: isDoubleSided, maskedCorners,
-- cornerCurve): defaults, names read back, refusals, and which of them animate.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("styles default as Core Animation's and read back by name", function()
  local l = layer{name = "st_default"}
  eq(l.lineCap, "butt"); eq(l.lineJoin, "miter"); eq(l.fillRule, "nonZero")
  eq(l.lineDashPattern, nil)                    -- nil: a solid line
  eq(l.lineDashPhase, 0); eq(l.miterLimit, 10)
  eq(l.doubleSided, true); eq(l.cornerCurve, "circular")
  eq(table.concat(l.maskedCorners, " "),
    "layerMinXMinYCorner layerMaxXMinYCorner layerMinXMaxYCorner layerMaxXMaxYCorner")
  local s = layer{name = "st_set", lineCap = "square", lineJoin = "round", fillRule = "evenOdd",
    lineDashPattern = {10, 5, 5, 5}, doubleSided = false, maskedCorners = {"layerMaxXMaxYCorner"},
    cornerCurve = "continuous"}
  eq(s.lineCap, "square"); eq(s.lineJoin, "round"); eq(s.fillRule, "evenOdd")
  eq(table.concat(s.lineDashPattern, ","), "10.0,5.0,5.0,5.0")
  eq(s.doubleSided, false); eq(s.maskedCorners[1], "layerMaxXMaxYCorner"); eq(#s.maskedCorners, 1)
  eq(s.cornerCurve, "continuous")
  s.fillRule = "non-zero"                       -- kCAFillRuleNonZero's string, read as its Swift name
  eq(s.fillRule, "nonZero")
  s.fillRule = "even-odd"
  eq(s.fillRule, "evenOdd")
  s.maskedCorners = 5                           -- CACornerMask's raw value: minX-minY | minX-maxY
  eq(table.concat(s.maskedCorners, " "), "layerMinXMinYCorner layerMinXMaxYCorner")
  s.lineDashPattern = nil
  eq(s.lineDashPattern, nil)
end)

h.test("bad styles are refused naming the property and the value", function()
  local l = layer{name = "st_bad"}
  raises(function() l.lineCap = "rounded" end,
    "layer 'st_bad' property 'lineCap' must be 'butt', 'round' or 'square', got 'rounded'; did you mean 'round'?")
  raises(function() l.lineJoin = 2 end,
    "layer 'st_bad' property 'lineJoin' must be 'miter', 'round' or 'bevel', got number")
  raises(function() layer{name = "st_bad2", fillRule = "evenodd"} end,
    "bad argument #1 to 'layer' (field 'fillRule' must be 'nonZero' or 'evenOdd', got 'evenodd'; did you mean 'evenOdd' or 'even-odd'?)")
  raises(function() l.lineDashPattern = {4, -2} end,
    "layer 'st_bad' property 'lineDashPattern' item 2 must be a finite length of at least 0, got -2")
  raises(function() l.lineDashPattern = {4, 0/0} end,
    "layer 'st_bad' property 'lineDashPattern' item 2 must be a finite length of at least 0, got -nan")
  raises(function() layer{name = "st_bad3", lineDashPattern = {1, math.huge}} end,
    "bad argument #1 to 'layer' (field 'lineDashPattern' item 2 must be a finite length of at least 0, got inf)")
  raises(function() l.lineDashPattern = {0, 0} end,
    "layer 'st_bad' property 'lineDashPattern' must have a length above 0 (nil or {} for a solid line)")
  raises(function() l.maskedCorners = {"layerMinXMinYCornr"} end,
    "layer 'st_bad' property 'maskedCorners' item 1 must be one of 'layerMinXMinYCorner', 'layerMaxXMinYCorner', 'layerMinXMaxYCorner' or 'layerMaxXMaxYCorner', got 'layerMinXMinYCornr'; did you mean 'layerMinXMinYCorner'?")
  raises(function() l.maskedCorners = 16 end,
    "layer 'st_bad' property 'maskedCorners' must be a whole number from 0 to 15 (a CACornerMask), got 16")
  raises(function() l.cornerCurve = "smooth" end,
    "layer 'st_bad' property 'cornerCurve' must be 'circular' or 'continuous', got 'smooth'")
  -- The key path is CA's `doubleSided` (as `hidden` is for isHidden); the Swift name points there.
  local ok, err = pcall(function() layer{name = "st_bad4", isDoubleSided = false} end)
  assert(not ok and err:find("unknown key 'isDoubleSided'; did you mean 'doubleSided'?", 1, true), err)
end)

h.test("lineDashPhase animates as a scalar; the named styles and the pattern do not", function()
  -- Linear 0 -> 15 over 1 s, read 0.5 s in (timeOffset): 7.5.
  local l = layer{name = "st_phase", lineDashPattern = {10, 5}}
  l:add(animation.basic{keyPath = "lineDashPhase", fromValue = 0, toValue = 15, duration = 1,
    timingFunction = "linear", timeOffset = 0.5})
  eq(l:presentation("lineDashPhase"), 7.5, 1e-12)
  -- Keyframes 0, 10, 15 at even key times, linear: a quarter in is halfway from 0 to 10.
  local k = layer{name = "st_phase_k"}
  k:add(animation.keyframe{keyPath = "lineDashPhase", values = {0, 10, 15}, duration = 1,
    calculationMode = "linear", timeOffset = 0.25})
  eq(k:presentation("lineDashPhase"), 5, 1e-12)
  -- A critically damped spring (mass 1, stiffness 100, damping 20: w0 = 10) from 0 to 15,
  -- 0.1 s in: 15 - 15 (1 + w0 t) e^(-w0 t) = 15 - 30/e.
  local s = layer{name = "st_phase_s"}
  s:add(animation.spring{keyPath = "lineDashPhase", from = 0, to = 15, mass = 1, stiffness = 100,
    damping = 20, timeOffset = 0.1})
  eq(s:presentation("lineDashPhase"), 15 - 30 / math.exp(1), 1e-9)
  -- isDoubleSided is animatable in CA (a boolean, as `hidden` is here).
  s:add(animation.basic{keyPath = "doubleSided", fromValue = 0, toValue = 1, duration = 1})
  raises(function() l:add(animation.basic{keyPath = "lineCap", toValue = "round", duration = 1}) end,
    "bad argument #1 to 'basic' (field 'toValue' cannot be animated: Core Animation does not animate 'lineCap' (set it instead))")
  raises(function() return animation.keyframe{keyPath = "lineDashPattern", values = {{1, 2}, {2, 1}}} end,
    "bad argument #1 to 'keyframe' (field 'values' item 1 cannot be animated: Core Animation does not animate 'lineDashPattern' (set it instead))")
  raises(function() l:add(animation.basic{keyPath = "maskedCorners", duration = 1}) end,
    "bad value for 'keyPath' (maskedCorners): is not animatable in Core Animation: set it instead")
  -- In a transaction a style changes at once, with no implicit animation.
  transaction{duration = 1}(function() l.lineJoin = "bevel"; l.cornerCurve = "continuous" end)
  eq(#l:animationKeys(), 1); eq(l.lineJoin, "bevel")
end)
