-- expect: inbetween: escape-collectgarbage-stop.lua:2: collectgarbage option 'stop' is not available in the sandbox
collectgarbage("stop")
