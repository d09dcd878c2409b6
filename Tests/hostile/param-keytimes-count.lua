-- expect: inbetween: param-keytimes-count.lua:2: bad argument #1 to 'keyframe' (field 'keyTimes' needs one per value (3), got 2 entries)
animation.keyframe{keyPath = "opacity", values = {0, 1, 0}, keyTimes = {0, 1}}
