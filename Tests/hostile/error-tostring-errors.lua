-- expect: inbetween: error-tostring-errors.lua:2: nested
error(setmetatable({}, {__tostring = function() error("nested") end}))
