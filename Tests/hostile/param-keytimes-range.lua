-- expect: inbetween: param-keytimes-range.lua:2: bad argument #1 to 'keyframe' (field 'keyTimes[3]' must lie in [0, 1], got 2)
animation.keyframe{keyPath = "opacity", values = {0, 1, 0}, keyTimes = {0, 0.5, 2}}
