-- expect: inbetween: param-repeat-negative.lua:2: bad argument #1 to 'basic' (field 'repeatCount' must be 0 or positive (math.huge repeats forever), got -1)
animation.basic{keyPath = "opacity", from = 0, to = 1, repeatCount = -1}
