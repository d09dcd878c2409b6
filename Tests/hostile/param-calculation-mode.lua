-- expect: inbetween: param-calculation-mode.lua:2: bad argument #1 to 'keyframe' (field 'calculationMode' must be one of cubic, cubicPaced, discrete, kCAAnimationCubic, kCAAnimationCubicPaced, kCAAnimationDiscrete, kCAAnimationLinear, kCAAnimationPaced, linear, paced, got 'bouncy')
animation.keyframe{keyPath = "opacity", values = {0, 1}, calculationMode = "bouncy"}
