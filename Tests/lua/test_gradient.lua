-- CAGradientLayer: gradientLayer{...}, its array properties, its type and their errors.
local h = require("helpers")
local eq, raises = h.eq, h.raises

h.test("gradient defaults and values read back", function()
  local g = gradientLayer{name = "t_grad"}
  -- CAGradientLayer's defaults: colors and locations nil (empty), startPoint (0.5, 0),
  -- endPoint (0.5, 1), type axial.
  eq(#g.colors, 0); eq(#g.locations, 0)
  eq(g.startPoint, point(0.5, 0)); eq(g.endPoint, point(0.5, 1)); eq(g.type, "axial")
  g.colors = {"red", color(0, 0, 1, 1)}
  g.locations = {0, 0.25}
  g.type = "conic"
  eq(#g.colors, 2); eq(g.colors[1], color(1, 0, 0, 1)); eq(g.colors[2], color(0, 0, 1, 1))
  eq(g.locations[2], 0.25); eq(g.type, "conic")
  -- Not animatable in Core Animation: set at once even inside a transaction.
  transaction{duration = 1}(function() g.type = "radial" end)
  eq(g.type, "radial"); eq(#g:animationKeys(), 0)
end)

h.test("colors and locations animate element by element", function()
  local g = gradientLayer{name = "t_grad_anim", colors = {"black", "white"}}
  g:add(animation.basic{keyPath = "colors", toValue = {"white", "black"}, duration = 1}, "c")
  g:add(animation.basic{keyPath = "locations", fromValue = {0, 1}, toValue = {0.5, 1}, duration = 1}, "l")
  eq(#g:animationKeys(), 2)
end)

h.test("gradient errors name the parameter", function()
  raises(function() gradientLayer{name = "t_ge1", colors = {"red", 5}} end,
    "bad argument #1 to 'gradientLayer' (field 'colors' item 2 must be a color (color(r, g, b, a) or a string such as \"#ff8800\"), got 5)",
    "test_gradient.lua")
  raises(function() gradientLayer{name = "t_ge2", colors = {"redd"}} end,
    "bad argument #1 to 'gradientLayer' (field 'colors' item 1 is not a color: expected #rgb, #rrggbb, #rrggbbaa or a color name (UIKit's, such as red or darkGray, or CSS's, such as teal; docs/colors.md lists them) (got 'redd'; did you mean 'red'?))",
    "test_gradient.lua")
  raises(function() gradientLayer{name = "t_ge3", locations = {0, "half"}} end,
    "bad argument #1 to 'gradientLayer' (field 'locations' item 2 must be a finite number, got 'half')",
    "test_gradient.lua")
  raises(function() gradientLayer{name = "t_ge4", type = "radail"} end,
    "bad argument #1 to 'gradientLayer' (field 'type' must be one of 'axial', 'radial', 'conic', got 'radail'; did you mean 'radial'?)",
    "test_gradient.lua")
  local g = gradientLayer{name = "t_ge5"}
  raises(function() g.colors = "red" end,
    "layer 't_ge5' property 'colors' must be an array of colors, got 'red'", "test_gradient.lua")
  raises(function() g:add(animation.basic{keyPath = "type", toValue = "radial", duration = 1}) end,
    "bad argument #1 to 'add' (animation of 'type' on layer 't_ge5': CAGradientLayer's type is not animatable; set l.type instead)",
    "test_gradient.lua")
end)
