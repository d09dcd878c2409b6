-- Two paced keyframe animations in one 5 s group (Apple's Listing 3-4): borderWidth through
-- 1, 10, 5, 30, 0.5, 15, 2, 50, 0 and borderColor green -> red -> blue, at constant speed.
local myLayer = layer{name = "myLayer", bounds = rect(0, 0, 200, 200), position = point(150, 150)}

local widthAnim = animation.keyframe{
  keyPath = "borderWidth",
  values = {1.0, 10.0, 5.0, 30.0, 0.5, 15.0, 2.0, 50.0, 0.0},
  calculationMode = "kCAAnimationPaced",
}
local colorAnim = animation.keyframe{
  keyPath = "borderColor",
  values = {"green", "red", "blue"},
  calculationMode = "kCAAnimationPaced",
}
myLayer:add(animation.group{animations = {colorAnim, widthAnim}, duration = 5.0}, "BorderChanges")
