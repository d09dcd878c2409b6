-- expect: inbetween: escape-dofile.lua:2: attempt to call a nil value (global 'dofile'); dofile is not available in the sandbox (--trusted gives scripts Lua's full standard library)
dofile("/etc/passwd")
