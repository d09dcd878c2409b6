-- expect: inbetween: time limit (1 s) exceeded; the script does not stop (a __gc metamethod that loops?), exiting
-- args: --timeout 1 --trusted
setmetatable({}, {__gc = function() while true do end end})
collectgarbage()
