-- expect: inbetween: param-spring-mass.lua:2: bad argument #1 to 'spring' (field 'mass' must be greater than 0, got -1)
animation.spring{keyPath = "position.x", from = 0, to = 1, mass = -1}
