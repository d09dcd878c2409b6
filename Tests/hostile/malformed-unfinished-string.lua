-- expect: inbetween: malformed-unfinished-string.lua:2: unfinished string near '"never closed'
local s = "never closed
