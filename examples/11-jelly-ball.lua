-- A jelly ball drawn from four Bezier arcs (control offset = diameter / 3.6) deforms with a
-- 0..1 factor, then springs back in 60 keyframes of y = 1 - e^(-5x) cos(30x) over 1 s.
local diameter = 40                     -- our choice; the article's ball size is not given
local rectX, rectY = 100, 100           -- the ball's rect origin
local offset = diameter / 3.6

-- The ball's outline at a deformation factor (scrolling left: B stays, D is pulled out).
local function ballPath(factor)
  local extra = (diameter * 2 / 5) * factor
  local cx, cy = rectX + diameter / 2, rectY + diameter / 2
  local A = point(cx, rectY + extra)
  local B = point(cx + diameter / 2, cy)
  local C = point(cx, cy + diameter / 2 - extra)
  local D = point(rectX - extra * 2, cy)
  return path()
    :move(A.x, A.y)
    :curve(A.x + offset, A.y, B.x, B.y - offset, B.x, B.y)
    :curve(B.x, B.y + offset, C.x + offset, C.y, C.x, C.y)
    :curve(C.x - offset, C.y, D.x, D.y + offset, D.x, D.y)
    :curve(D.x, D.y - offset, A.x - offset, A.y, A.x, A.y)
    :close()
end

local ball = layer{name = "ball", path = ballPath(0), fillColor = "blue"}
local frames = keyframes.generate{
  from = ballPath(1), to = ballPath(0), duration = 1, fps = 60, fn = "dampedWobble(5, 30)",
}
ball:add(animation.keyframe{keyPath = "path", values = frames, duration = 1}, "jelly")
