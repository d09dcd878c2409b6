-- expect: inbetween: param-color-name.lua:2: bad argument #1 to 'layer' (field 'backgroundColor' is not a color: expected #rgb, #rrggbb, #rrggbbaa or a named color (black, darkGray, lightGray, white, gray, red, green, blue, cyan, yellow, magenta, orange, purple, brown, clear) (got 'blurple'))
local l = layer{name = "a", backgroundColor = "blurple"}
