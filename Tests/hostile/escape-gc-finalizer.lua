-- expect: inbetween: escape-gc-finalizer.lua:2: bad argument #2 to 'setmetatable' (__gc metamethods are not available in the sandbox)
setmetatable({}, {__gc = function() while true do end end})
collectgarbage()
