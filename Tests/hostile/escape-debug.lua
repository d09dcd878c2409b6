-- expect: inbetween: escape-debug.lua:2: attempt to index a nil value (global 'debug')
local registry = debug.getregistry()
