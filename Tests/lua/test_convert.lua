-- l:convert(point, {to = other} | {from = other}): CALayer's convertPoint:toLayer: and
-- convertPoint:fromLayer:, through every superlayer to the stage and back.
local h = require("helpers")
local eq, raises = h.eq, h.raises

-- Worked by hand (the engine's SceneWorldTests.testNestedRotationAndScale): a parent bounds
-- (0, 0, 100, 100) at (100, 100) turned 90 degrees holds a child bounds (0, 0, 20, 10) at
-- (75, 50) scaled 2. The child's (0, 0) is the parent's (55, 40) and the stage's (110, 105);
-- its (20, 10) is the parent's (95, 60). Rotations by pi/2 leave ~1e-14 in the sums: 1e-9.
local function pair(tag)
  local parent = layer{name = "cv_parent" .. tag, bounds = rect(0, 0, 100, 100), position = point(100, 100),
                       transform = transform.rotation(math.pi / 2)}
  local child = layer{name = "cv_child" .. tag, bounds = rect(0, 0, 20, 10), position = point(75, 50),
                      transform = transform.scale(2, 2)}
  parent:addSublayer(child)
  return parent, child
end

local function near(p, x, y)
  eq(p.x, x, 1e-9, "x")
  eq(p.y, y, 1e-9, "y")
end

h.test("convert to and from the stage and between layers", function()
  local parent, child = pair("1")
  near(child:convert(point(0, 0), {to = false}), 110, 105)
  near(child:convert(point(110, 105)), 0, 0)                  -- no table: from the stage
  near(child:convert(point(110, 105), {from = false}), 0, 0)
  near(child:convert(point(20, 10), {to = parent}), 95, 60)
  near(child:convert(point(95, 60), {from = parent}), 20, 10)
  near(parent:convert(point(20, 10), {from = child}), 95, 60)
end)

h.test("convert reads the model values, or the presentation values when asked", function()
  local parent, child = pair("2")
  -- The parent's model moves 10 right; an animation holds it at 100 for a second.
  parent:add(animation.basic{keyPath = "position.x", fromValue = 100, toValue = 100, duration = 1})
  parent.position = point(110, 100)
  near(child:convert(point(0, 0), {to = false}), 120, 105)
  near(child:convert(point(0, 0), {to = false, presentation = true}), 110, 105)
end)

h.test("convert's arguments are checked", function()
  local parent, child = pair("3")
  raises(function() child:convert(point(0, 0), {to = parent, from = parent}) end,
    "bad argument #2 to 'convert' (field 'to' is given together with 'from'; convert from one or to one)",
    "test_convert.lua")
  raises(function() child:convert(size(1, 2), {to = parent}) end,
    "bad argument #1 to 'convert' (point expected, got size)", "test_convert.lua")
  raises(function() child:convert(point(0, 0), {to = 3}) end,
    "bad argument #2 to 'convert' (field 'to' must be a layer, or false for the stage, got number)",
    "test_convert.lua")
  local apart = layer{name = "cv_apart"}
  apart:removeFromSuperlayer()
  raises(function() child:convert(point(0, 0), {to = apart}) end,
    "bad value for 'to' (cv_apart): is not in the same tree as 'cv_child3' (one of them is out of the tree)",
    "test_convert.lua")
end)
