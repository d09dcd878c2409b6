-- expect: inbetween: escape-load-mode-b.lua:2: bad argument #3 to 'load' (only text chunks ('t') are allowed)
local f = load("return 1", "chunk", "b")
