-- expect: inbetween: param-string-opacity.lua:3: layer 'b' property 'opacity' must be a number, got string 'half'
local b = layer{name = "b"}
b.opacity = "half"
