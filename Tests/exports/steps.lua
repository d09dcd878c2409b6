-- steps() easings: jumps at 0.25, 0.5, 0.75 s (frame times at 60 fps), which the CSS export
-- must reproduce exactly, on both sides of each jump.
local stepper = layer{name = "stepper", bounds = rect(0, 0, 20, 20), position = point(10, 10)}
stepper:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 100, duration = 1,
  timingFunction = "steps(4, jump-end)"})
stepper:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0.25, duration = 0.75,
  timingFunction = "steps(3, jump-start)", fillMode = "forwards", removedOnCompletion = false})
