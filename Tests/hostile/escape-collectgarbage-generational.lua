-- expect: inbetween: escape-collectgarbage-generational.lua:2: collectgarbage option 'generational' is not available in the sandbox
collectgarbage("generational")
