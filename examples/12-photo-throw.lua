-- A photo shrinks to 20x20 in a 0.2 s group of transform.scale.x/y animations; when that
-- stops it is thrown along a quadratic curve with timing (0.3, 0.7, 0.7, 0.3), fillMode forwards.
local W, H = 375, 667                   -- the view's size (ours; the article does not give it)
scene{size = size(W, H)}                -- the canvas of exports that draw (Lottie)
-- The photo: a plain colour stands in for the image (ours), so that a preview shows it.
local myview = layer{name = "myview", bounds = rect(0, 0, 200, 150), position = point(W / 2, H / 2),
                     backgroundColor = "#3b7dd8"}

local throw
local shrink = animation.group{
  duration = 0.2,
  repeatCount = 0,
  removedOnCompletion = false,
  animations = {
    animation.basic{keyPath = "transform.scale.x", fromValue = 1.0, toValue = 20.0 / 200},
    animation.basic{keyPath = "transform.scale.y", fromValue = 1.0, toValue = 20.0 / 150},
  },
  onStop = function(finished)
    myview.bounds = rect(0, 0, 20, 20)
    myview.position = point(W / 2, H / 2)
    myview:remove("myviewscale")
    myview:add(throw, "myviewposition")
  end,
}

throw = animation.keyframe{
  keyPath = "position",
  path = path():move(W / 2, H / 2):quad(35, 50, 20, H - 20),
  duration = 1,
  removedOnCompletion = false,
  fillMode = "kCAFillModeForwards",
  timingFunction = timing.cubic(0.3, 0.7, 0.7, 0.3),
  onStop = function(finished)
    myview.position = point(10 + 10, H - 20 + 10)  -- frame (10, H - 20, 20, 20)
    myview:remove("myviewposition")
  end,
}

myview:add(shrink, "myviewscale")
