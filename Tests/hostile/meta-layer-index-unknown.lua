-- expect: inbetween: meta-layer-index-unknown.lua:3: bad argument #2 to 'index' (layer has no property 'opacty'; did you mean 'opacity'?)
local l = layer{name = "a"}
return l.opacty
