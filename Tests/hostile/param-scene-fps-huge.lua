-- expect: inbetween: param-scene-fps-huge.lua:2: bad argument #1 to 'scene' (field 'fps' must be in (0, 100000], got 1000000000)
scene{fps = 1e9}
