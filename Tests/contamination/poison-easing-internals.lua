for k in pairs(easing) do easing[k] = nil end
easing = nil
keyframes = nil
