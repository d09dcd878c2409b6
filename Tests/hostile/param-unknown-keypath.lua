-- expect: inbetween: param-unknown-keypath.lua:2: bad argument #1 to 'basic' (field 'keyPath' is not a layer property, got 'opactiy'; did you mean 'opacity'?)
animation.basic{keyPath = "opactiy", from = 0, to = 1}
