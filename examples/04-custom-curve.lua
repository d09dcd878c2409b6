-- The custom timing function functionWithControlPoints 1, 0, 0.75, 1 and its control points,
-- drawn as the seed does: a point travels the curve scaled to 200x200 with y up.
local fn = timing.cubic(1, 0, 0.75, 1)
local cp1, cp2 = fn:controlPoint(1), fn:controlPoint(2)
print("control point 1:", cp1, "control point 2:", cp2)

-- geometryFlipped: (0, 0) bottom-left, so y is 200 - 200 * y in a y-down layer space.
local function flip(p) return point(200 * p.x, 200 - 200 * p.y) end
local a, c1, c2, b = flip(point(0, 0)), flip(cp1), flip(cp2), flip(point(1, 1))

local pen = layer{name = "pen", bounds = rect(0, 0, 4, 4), position = a}
pen:add(animation.keyframe{
  keyPath = "position",
  path = path():move(a.x, a.y):curve(c1.x, c1.y, c2.x, c2.y, b.x, b.y),
  calculationMode = "paced",
  duration = 1,
  removedOnCompletion = false,
  fillMode = "forwards",   -- keep the pen at the curve's end
})

-- The same function easing a move, for comparison with the preset curves.
local mover = layer{name = "mover", bounds = rect(0, 0, 20, 20), position = point(0, 250)}
mover:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = 200, duration = 1,
  timingFunction = fn})
