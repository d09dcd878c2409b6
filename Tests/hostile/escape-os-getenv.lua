-- expect: inbetween: escape-os-getenv.lua:2: attempt to call a nil value (field 'getenv')
local home = os.getenv("HOME")
print(home)
