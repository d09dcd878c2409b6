local l = layer{name = "p"}
local mt = getmetatable(l)
assert(mt == false, "the layer metatable is reachable")
