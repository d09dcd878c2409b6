-- The layer tree with CALayer's names: addSublayer, insertSublayer (index, below, above),
-- removeFromSuperlayer, sublayers, superlayer, layer{sublayers = ...}, transformLayer{},
-- replicator{}, the boolean properties, and the errors, which name both layers.
local h = require("helpers")
local eq, raises = h.eq, h.raises

-- The names of a layer's sublayers, joined: "a,b,c".
local function names(l)
  local out = {}
  for i, s in ipairs(l.sublayers) do out[i] = s.name end
  return table.concat(out, ",")
end

h.test("addSublayer appends, and re-adding moves to the end (CALayer)", function()
  local p = layer{name = "tr_p"}
  local a, b = layer{name = "tr_a"}, layer{name = "tr_b"}
  eq(p:addSublayer(a), a)                      -- returns the sublayer, for chaining
  p:addSublayer(b)
  eq(names(p), "tr_a,tr_b")
  eq(a.superlayer, p); eq(a.superlayer.name, "tr_p")
  eq(p.superlayer, nil)                        -- a stage sublayer has no superlayer layer
  p:addSublayer(a)
  eq(names(p), "tr_b,tr_a")
  eq(#a.sublayers, 0)
end)

h.test("insertSublayer counts from 1, up to one past the last", function()
  local p = layer{name = "tr_ip"}
  local a, b, c, d = layer{name = "tr_ia"}, layer{name = "tr_ib"}, layer{name = "tr_ic"}, layer{name = "tr_id"}
  p:insertSublayer(a, 1)                      -- CA's atIndex: 0
  p:insertSublayer(b, 1)
  eq(names(p), "tr_ib,tr_ia")
  p:insertSublayer(c, 3)                      -- one past the last: appended
  eq(names(p), "tr_ib,tr_ia,tr_ic")
  p:insertSublayer(d, 2)
  eq(names(p), "tr_ib,tr_id,tr_ia,tr_ic")
  eq(p.sublayers[2], d)                       -- l.sublayers[i] is the layer inserted at i
  raises(function() p:insertSublayer(layer{name = "tr_ie"}, 6) end,
    "bad argument #2 to 'insertSublayer' (index 6 for 'tr_ie' is out of range: 'tr_ip' has 4 sublayers, so an index from 1 to 5)",
    "test_tree.lua")
  raises(function() p:insertSublayer(layer{name = "tr_if"}, 0) end,
    "bad argument #2 to 'insertSublayer' (index 0 for 'tr_if' is out of range: 'tr_ip' has 4 sublayers, so an index from 1 to 5)")
  raises(function() p:insertSublayer(layer{name = "tr_ig"}, 1.5) end,
    "bad argument #2 to 'insertSublayer' (index 1.5 for 'tr_ig' is out of range: 'tr_ip' has 4 sublayers, so an index from 1 to 5)")
  raises(function() p:insertSublayer(layer{name = "tr_ih"}, "2") end,
    "bad argument #2 to 'insertSublayer' (index or {below = layer} or {above = layer} expected, got string)")
end)

h.test("insertSublayer below and above a sibling", function()
  local p = layer{name = "tr_bp"}
  local a, b = p:addSublayer(layer{name = "tr_ba"}), p:addSublayer(layer{name = "tr_bb"})
  p:insertSublayer(layer{name = "tr_bc"}, {below = b})
  eq(names(p), "tr_ba,tr_bc,tr_bb")
  p:insertSublayer(layer{name = "tr_bd"}, {above = a})
  eq(names(p), "tr_ba,tr_bd,tr_bc,tr_bb")
  p:insertSublayer(a, {above = b})            -- moving within the same superlayer
  eq(names(p), "tr_bd,tr_bc,tr_bb,tr_ba")
  local stranger = layer{name = "tr_bx"}
  raises(function() p:insertSublayer(layer{name = "tr_be"}, {below = stranger}) end,
    "bad argument #2 to 'insertSublayer' (layer 'tr_bx' is not a sublayer of 'tr_bp', so 'tr_be' cannot go next to it)")
  raises(function() p:insertSublayer(layer{name = "tr_bf"}, {below = a, above = b}) end,
    "bad argument #2 to 'insertSublayer' (give one of below = layer or above = layer)")
  raises(function() p:insertSublayer(layer{name = "tr_bg"}, {under = a}) end,
    "bad argument #2 to 'insertSublayer' (unknown key 'under'; valid keys: above, below)")
  raises(function() p:insertSublayer(layer{name = "tr_bh"}, {below = "tr_ba"}) end,
    "bad argument #2 to 'insertSublayer' (field 'below' must be a layer, got string)")
end)

h.test("removeFromSuperlayer takes a layer out; it can be added again", function()
  local p = layer{name = "tr_rp"}
  local a = p:addSublayer(layer{name = "tr_ra"})
  a:removeFromSuperlayer()
  eq(a.superlayer, nil); eq(#p.sublayers, 0)
  a:removeFromSuperlayer()                    -- no effect on a layer already out
  layer{name = "tr_rq"}:addSublayer(a)
  eq(a.superlayer.name, "tr_rq")
end)

h.test("layer{sublayers = ...} and l.sublayers = {...}", function()
  local a, b = layer{name = "tr_sa"}, layer{name = "tr_sb"}
  local p = layer{name = "tr_sp", sublayers = {a, b}}
  eq(names(p), "tr_sa,tr_sb")
  local c = layer{name = "tr_sc"}
  p.sublayers = {c, a}                        -- CALayer's setter: b leaves, the order is new
  eq(names(p), "tr_sc,tr_sa"); eq(b.superlayer, nil)
  raises(function() layer{name = "tr_sq", sublayers = {a}} end,
    "bad argument #1 to 'layer' (field 'sublayers' holds layer 'tr_sa', a sublayer of 'tr_sp' already (call removeFromSuperlayer() on it first))")
  raises(function() layer{name = "tr_sr", sublayers = {a, 3}} end,
    "bad argument #1 to 'layer' (field 'sublayers' item 2 must be a layer, got number)")
  raises(function() layer{name = "tr_ss", sublayers = a} end,
    "bad argument #1 to 'layer' (field 'sublayers' must be an array of layers, got layer)")
  raises(function() p.superlayer = c end,
    "layer 'tr_sp' property 'superlayer' is read-only: add the layer with parent:addSublayer(l)")
  -- Refused as a whole: nothing changes when one child cannot be taken.
  raises(function() a.sublayers = {layer{name = "tr_st"}, p} end,
    "layer 'tr_sa' property 'sublayers': layer 'tr_sp' contains 'tr_sa', so adding it under 'tr_sa' would make a cycle")
  eq(#a.sublayers, 0); eq(names(p), "tr_sc,tr_sa")
end)

h.test("a cycle, a second superlayer and a foreign object name both layers", function()
  local top = layer{name = "tr_ct"}
  local mid = top:addSublayer(layer{name = "tr_cm"})
  local low = mid:addSublayer(layer{name = "tr_cl"})
  raises(function() low:addSublayer(top) end,
    "bad argument #1 to 'addSublayer' (layer 'tr_ct' contains 'tr_cl', so adding it under 'tr_cl' would make a cycle)",
    "test_tree.lua")
  raises(function() top:addSublayer(top) end,
    "bad argument #1 to 'addSublayer' (layer 'tr_ct' cannot be a sublayer of itself)")
  raises(function() layer{name = "tr_co"}:addSublayer(low) end,
    "bad argument #1 to 'addSublayer' (layer 'tr_cl' is already a sublayer of 'tr_cm' and cannot also be one of 'tr_co'; remove it from 'tr_cm' first)")
  raises(function() top:addSublayer({}) end, "bad argument #1 to 'addSublayer' (layer expected, got table)")
  raises(function() top:addSublayer(animation.basic{keyPath = "opacity"}) end,
    "bad argument #1 to 'addSublayer' (layer expected, got animation)")
  raises(function() top:insertSublayer(low) end,
    "bad argument #2 to 'insertSublayer' (index or {below = layer} or {above = layer} expected, got no value)")
end)

h.test("booleans read and write as booleans", function()
  local l = layer{name = "tr_bool", hidden = true, masksToBounds = true}
  eq(l.hidden, true); eq(l.masksToBounds, true)
  eq(l.allowsGroupOpacity, true)              -- YES for apps linked on iOS 7 or later
  l.hidden = false
  eq(l.hidden, false)
  l.masksToBounds = 0                         -- the engine's number works too
  eq(l.masksToBounds, false)
  raises(function() l.hidden = "yes" end,
    "layer 'tr_bool' property 'hidden' must be a boolean, got string")
  raises(function() layer{name = 'tr_bool2', masksToBounds = 'no'} end,
    "bad argument #1 to 'layer' (field 'masksToBounds' must be a boolean, got string)")
end)

h.test("transformLayer{} and replicator{}", function()
  local t = transformLayer{name = "tr_tl", sublayers = {layer{name = "tr_tla"}}}
  eq(names(t), "tr_tla")
  local r = replicator{name = "tr_rep", instanceCount = 12, instanceDelay = 0.1, preservesDepth = true,
                       instanceTransform = transform.rotation(math.pi / 6)}
  eq(r.instanceCount, 12); eq(r.instanceDelay, 0.1); eq(r.preservesDepth, true)
  r.instanceCount = 6
  eq(r.instanceCount, 6)
  raises(function() layer{name = "tr_norep", instanceCount = 3} end,
    "bad argument #1 to 'layer' (field 'instanceCount' belongs to replicators (CAReplicatorLayer): make the layer with replicator{...})",
    "test_tree.lua")
  raises(function() transformLayer{name = "tr_norep2", instanceDelay = 1} end,
    "bad argument #1 to 'transformLayer' (field 'instanceDelay' belongs to replicators (CAReplicatorLayer): make the layer with replicator{...})")
  raises(function() t.instanceCount = 2 end,
    "layer 'tr_tl' property 'instanceCount' belongs to replicators (CAReplicatorLayer): make the layer with replicator{...}")
  raises(function() t:add(animation.basic{keyPath = "instanceDelay", fromValue = 0, toValue = 1}) end,
    "bad argument #1 to 'add' (animation of 'instanceDelay' on layer 'tr_tl': the property belongs to replicators (CAReplicatorLayer); make the layer with replicator{...})")
  r:add(animation.basic{keyPath = "instanceDelay", fromValue = 0, toValue = 0.2, duration = 0.5})
  raises(function() local x = t.instanceCount end,
    "layer 'tr_tl' has no property 'instanceCount': it belongs to replicators (CAReplicatorLayer); make the layer with replicator{...}")
end)

return true
