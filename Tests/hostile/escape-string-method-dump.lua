-- expect: inbetween: escape-string-method-dump.lua:2: attempt to call a nil value (field 'dump')
local bytes = ("x").dump(function() return 1 end)
