-- expect: inbetween: param-color-malformed.lua:2: bad argument #1 to 'color' (a hex color is #rgb, #rrggbb or #rrggbbaa with hexadecimal digits (got '#ggg'))
local c = color("#ggg")
