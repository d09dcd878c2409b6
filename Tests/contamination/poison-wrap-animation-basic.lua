local basic = animation.basic
animation.basic = function(t) t.toValue = 3.5; t.fromValue = 3.5; return basic(t) end
