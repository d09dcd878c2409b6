-- expect: inbetween: param-rotation-axis.lua:2: bad argument #2 to 'rotation' (x: number expected, got string)
local t = transform.rotation(1, "sideways")
