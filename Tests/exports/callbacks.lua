-- Animations chained by callbacks, model values changed in them, an animation removed before
-- it ends, and an additive animation on top of another (baked in CSS, with a reason).
local box = layer{name = "box", bounds = rect(0, 0, 50, 50), position = point(50, 50),
  backgroundColor = "#3366cc", borderWidth = 2}
local second = animation.basic{keyPath = "position.x", fromValue = 50, toValue = 250, duration = 0.5,
  timingFunction = "easeOut",
  onStop = function()
    box.backgroundColor = "#cc3333"
    box.position = point(250, 50)
  end}
box:add(animation.basic{keyPath = "bounds", fromValue = rect(0, 0, 50, 50), toValue = rect(0, 0, 80, 30),
  duration = 0.4, timingFunction = "easeIn",
  onStop = function()
    box.bounds = rect(0, 0, 80, 30)
    box:add(second, "second")
  end})
box:add(animation.keyframe{keyPath = "borderWidth", values = {2, 12, 2}, duration = 1, repeatCount = 3}, "pulse")
box:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0.2, duration = 1.2,
  onStart = function() end}, "fade")
box:add(animation.basic{keyPath = "position.y", byValue = 40, duration = 0.6, additive = true})
local stopper = animation.basic{keyPath = "cornerRadius", fromValue = 0, toValue = 25, duration = 0.3,
  onStop = function() box:remove("fade") end}
box:add(stopper, "stopper")
