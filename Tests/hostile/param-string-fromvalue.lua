-- expect: inbetween: param-string-fromvalue.lua:2: bad argument #1 to 'basic' (field 'fromValue' must be a number, got string 'half')
local a = animation.basic{keyPath = "opacity", fromValue = "half", toValue = 1, duration = 1}
