-- Example 12's photo throw written as a timeline: the same frames without onStop chaining.
-- The 0.2 s shrink starts at 0; the call and the throw go at the end of what came before
-- (an omitted position means "the end so far", GSAP's rule), and a last call at the end
-- leaves the photo where the throw put it.
local W, H = 375, 667                   -- the view's size (ours; the article does not give it)
-- The photo: a plain colour stands in for the image (ours), so that a preview shows it.
local myview = layer{name = "myview", bounds = rect(0, 0, 200, 150), position = point(W / 2, H / 2),
                     backgroundColor = "#3b7dd8"}

local tl = timeline{}
tl:add(myview, animation.group{
  duration = 0.2,
  animations = {
    animation.basic{keyPath = "transform.scale.x", fromValue = 1.0, toValue = 20.0 / 200},
    animation.basic{keyPath = "transform.scale.y", fromValue = 1.0, toValue = 20.0 / 150},
  },
})
tl:call(function()
  myview.bounds = rect(0, 0, 20, 20)
  myview.position = point(W / 2, H / 2)
end)
tl:add(myview, animation.keyframe{
  keyPath = "position",
  path = path():move(W / 2, H / 2):quad(35, 50, 20, H - 20),
  duration = 1,
  timingFunction = timing.cubic(0.3, 0.7, 0.7, 0.3),
})
tl:call(function()
  myview.position = point(10 + 10, H - 20 + 10)  -- frame (10, H - 20, 20, 20)
end)

scene{size = size(W, H), timeline = tl}   -- the canvas of exports that draw (Lottie), as in 12
