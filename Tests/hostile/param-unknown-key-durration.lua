-- expect: ^inbetween: param%-unknown%-key%-durration%.lua:2: bad argument #1 to 'basic' %(unknown key 'durration'; did you mean 'duration'%? valid keys: additive, 
local a = animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, durration = 1}
