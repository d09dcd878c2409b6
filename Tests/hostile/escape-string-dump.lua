-- expect: inbetween: escape-string-dump.lua:2: attempt to call a nil value (field 'dump')
local bytes = string.dump(function() return 1 end)
