-- expect: inbetween: param-timingfunctions-count.lua:2: bad argument #1 to 'keyframe' (field 'timingFunctions' needs one per segment between values (2), got 1 entries)
animation.keyframe{keyPath = "opacity", values = {0, 1, 0}, timingFunctions = {"easeIn"}}
