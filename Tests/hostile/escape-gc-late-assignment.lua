-- expect: inbetween: escape-gc-late-assignment.lua:4: bad argument #2 to 'setmetatable' (__gc metamethods are not available in the sandbox)
-- Marks the object with a placeholder __gc, then swaps in a looping one.
local mt = {__gc = false}
setmetatable({}, mt)
mt.__gc = function() while true do end end
collectgarbage()
