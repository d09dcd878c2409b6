-- expect: inbetween: escape-dofile.lua:2: attempt to call a nil value (global 'dofile')
dofile("/etc/passwd")
