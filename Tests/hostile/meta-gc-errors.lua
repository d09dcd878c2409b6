-- expect: inbetween: after collecting
-- args: --trusted
-- also: inbetween: warning: error in __gc
setmetatable({}, {__gc = function() error("finalizer failed") end})
collectgarbage()
error("after collecting", 0)
