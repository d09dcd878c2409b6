-- A dot moved to another superlayer by a callback (issue 28): under a (at x = 100) until 0.5 s,
-- then under b (at x = 300, its bounds.origin x = -10), its sublayer ring with it. Its position
-- is read in b's bounds from then on, as Core Animation reads a sublayer's position; its
-- animation goes on.
scene{size = size(400, 200)}
local a = layer{name = "a", bounds = rect(0, 0, 80, 80), position = point(100, 100),
                backgroundColor = "#336699"}
local b = layer{name = "b", bounds = rect(-10, 0, 80, 80), position = point(300, 100),
                backgroundColor = "#993366"}
local dot = layer{name = "dot", bounds = rect(0, 0, 10, 10), position = point(40, 40),
                  backgroundColor = "#ffcc00"}
local ring = layer{name = "ring", bounds = rect(0, 0, 6, 6), position = point(5, 5),
                   backgroundColor = "#222222"}
a:addSublayer(dot)
dot:addSublayer(ring)
dot:add(animation.basic{keyPath = "position.y", fromValue = 10, toValue = 70, duration = 1})
local tl = timeline{}
tl:call(function()
  dot:removeFromSuperlayer()
  b:addSublayer(dot)
end, 0.5)
scene{timeline = tl}
