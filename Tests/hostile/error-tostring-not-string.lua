-- expect: inbetween: (error object is a table value)
error(setmetatable({}, {__tostring = function() return 42 end}))
