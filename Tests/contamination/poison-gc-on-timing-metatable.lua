local mt = getmetatable(timing.cubic(0.1, 0.2, 0.3, 0.4))
assert(mt == false, "the timing metatable is reachable")
