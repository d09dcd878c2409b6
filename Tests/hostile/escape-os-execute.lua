-- expect: inbetween: escape-os-execute.lua:2: attempt to call a nil value (field 'execute')
os.execute("touch pwned.txt")
