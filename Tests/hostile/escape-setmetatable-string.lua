-- expect: inbetween: escape-setmetatable-string.lua:2: bad argument #1 to 'setmetatable' (table expected, got string)
setmetatable("", {__index = {}})
