-- expect: inbetween: layer(a)
local l = layer{name = "a"}
error(l)
