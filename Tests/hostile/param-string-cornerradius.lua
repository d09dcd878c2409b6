-- expect: inbetween: param-string-cornerradius.lua:2: bad argument #1 to 'layer' (field 'cornerRadius' must be a number, got string 'big')
local l = layer{name = "l", cornerRadius = "big"}
