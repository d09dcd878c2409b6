-- expect: inbetween: param-color-name.lua:2: bad argument #1 to 'layer' (field 'backgroundColor' is not a color: expected #rgb, #rrggbb, #rrggbbaa or a color name (UIKit's, such as red or darkGray, or CSS's, such as teal; docs/colors.md lists them) (got 'blurple'; did you mean 'purple'?))
local l = layer{name = "a", backgroundColor = "blurple"}
