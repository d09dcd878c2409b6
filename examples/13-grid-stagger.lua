-- A 5x5 grid of squares pops in from the centre outwards: one scale animation given to all
-- 25 layers, their starts spread by GSAP's grid stagger (from = "center", 0.08 s each; the
-- corners, furthest from the centre, start 0.08 x max(5, 5) = 0.4 s after the middle one).
-- fillMode backwards keeps each square at scale 0 until its turn.
local squares = {}
for row = 1, 5 do
  for column = 1, 5 do
    squares[#squares + 1] = layer{
      name = string.format("square%d%d", row, column),
      bounds = rect(0, 0, 40, 40),
      position = point(60 * column, 60 * row),
      backgroundColor = "#e8a33d",
    }
  end
end

local pop = animation.basic{
  keyPath = "transform.scale",
  fromValue = 0,
  toValue = 1,
  duration = 0.4,
  timingFunction = "backOut",
  fillMode = "backwards",
}

local tl = timeline{}
tl:add(squares, pop, 0, {stagger = {each = 0.08, from = "center", grid = {5, 5}}})
scene{timeline = tl}
