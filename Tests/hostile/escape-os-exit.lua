-- expect: inbetween: escape-os-exit.lua:2: attempt to call a nil value (field 'exit')
os.exit(0)
