-- expect: inbetween: malformed-syntax.lua:2: unexpected symbol near '='
local x = = 1
