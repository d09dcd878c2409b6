-- expect: inbetween: bomb-gc-loop.lua:3: time limit (1 s) exceeded; still running 2 s later in a __gc metamethod (finalizers run with the limits' hook off), exiting
-- args: --timeout 1 --trusted
setmetatable({}, {__gc = function() while true do end end})
collectgarbage()
