-- expect: inbetween: meta-layer-index-unknown.lua:3: layer 'a' has no property 'opacty'; did you mean 'opacity'?
local l = layer{name = "a"}
return l.opacty
