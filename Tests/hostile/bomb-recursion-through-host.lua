-- expect: inbetween: C stack overflow
local tf
tf = timing.get(function(t) return tf(t) end)
print(tf(0.5))
