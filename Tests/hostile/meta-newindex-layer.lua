-- expect: inbetween: meta-newindex-layer.lua:3: layer 'a' has no property 'bogus'
local l = layer{name = "a"}
l.bogus = 1
