-- expect: inbetween: param-scene-fps-zero.lua:2: bad argument #1 to 'scene' (field 'fps' must be in (0, 100000], got 0)
scene{fps = 0}
