-- Inside one animation block of 1 s, the opacity changes implicitly (1 s) while the position
-- animates explicitly from where it is to a new point over 3 s (Apple's Listing 3-5).
local myView = layer{name = "myView", bounds = rect(0, 0, 100, 100), position = point(100, 100)}
local myNewPosition = point(300, 400)

transaction{duration = 1.0}(function()
  myView.opacity = 0.0
  myView:add(animation.basic{
    keyPath = "position",
    fromValue = myView.position,
    toValue = myNewPosition,
    duration = 3.0,
  }, "AnimateFrame")
end)
