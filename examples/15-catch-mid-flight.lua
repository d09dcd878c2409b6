-- A ball thrown up and across is caught mid-flight: at t = 0.6 s a spring takes over and
-- carries it to a new target, starting where the ball is and as fast as it is moving
-- (beginFromCurrentState = true), so the motion has no kink. Without it, Core Animation's
-- explicit semantics would start the spring from the model value and the ball would jump.
scene{size = size(400, 300)}

local ball = layer{name = "ball", position = point(40, 260), bounds = rect(0, 0, 32, 32),
                   cornerRadius = 16, backgroundColor = "#e4572e"}

-- The throw: across at constant speed, up with gravity's easing (a parabola's easeOut).
ball:add(animation.basic{keyPath = "position.x", fromValue = 40, toValue = 360, duration = 1.2}, "x")
ball:add(animation.basic{keyPath = "position.y", fromValue = 260, toValue = 40, duration = 1.2,
                         timingFunction = "quadOut"}, "y")

-- A 0.6 s timer: an animation that changes nothing, whose onStop makes the catch.
ball:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 1, duration = 0.6, onStop = function()
  ball:add(animation.spring{keyPath = "position.x", toValue = 120, stiffness = 120, damping = 9,
                            beginFromCurrentState = true}, "x")
  ball:add(animation.spring{keyPath = "position.y", toValue = 200, stiffness = 120, damping = 9,
                            beginFromCurrentState = true}, "y")
  ball.position = point(120, 200)  -- the model is where the springs come to rest
end})
