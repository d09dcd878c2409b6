-- expect: inbetween: meta-newindex-layer.lua:3: bad argument #2 to 'newindex' (layer has no property 'bogus')
local l = layer{name = "a"}
l.bogus = 1
