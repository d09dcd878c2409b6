-- expect: inbetween: param-keytimes-order.lua:2: bad argument #1 to 'keyframe' (field 'keyTimes[3]' must not be less than keyTimes[2] (0.8), got 0.5)
animation.keyframe{keyPath = "opacity", values = {0, 1, 0}, keyTimes = {0, 0.8, 0.5}}
