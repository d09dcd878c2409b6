-- expect: inbetween: param-scene-fps-zero.lua:2: bad argument #1 to 'scene' (field 'fps' must be positive, got 0)
scene{fps = 0}
