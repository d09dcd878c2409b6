-- expect: inbetween: escape-os-remove.lua:2: attempt to call a nil value (field 'remove')
os.remove("pwned.txt")
