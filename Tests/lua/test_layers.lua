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
    "bad argument #1 to 'layer' (unknown key 'positon'; valid keys: allowsGroupOpacity, anchorPoint, anchorPointZ, backgroundColor, borderColor, borderWidth, bounds, contentsCenter, contentsRect, contentsScale, cornerRadius, endPoint, fillColor, fontSize, foregroundColor, hidden, lineDashPhase, lineWidth, masksToBounds, miterLimit, name, opacity, path, position, rasterizationScale, shadowColor, shadowOffset, shadowOpacity, shadowPath, shadowRadius, startPoint, strokeColor, strokeEnd, strokeStart, sublayerTransform, sublayers, transform, zPosition)",
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

return true
