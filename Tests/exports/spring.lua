-- A CASpringAnimation (Core Animation's defaults: mass 1, stiffness 100, damping 10) that runs
-- for its settling duration, and a stiffer one with an initial velocity on the x axis.
local ball = layer{name = "ball", bounds = rect(0, 0, 30, 30), position = point(50, 50)}
ball:add(animation.spring{keyPath = "position.y", fromValue = 50, toValue = 250})
ball:add(animation.spring{keyPath = "position.x", fromValue = 50, toValue = 150, mass = 2, stiffness = 300,
  damping = 20, initialVelocity = 5, duration = 1.5})
