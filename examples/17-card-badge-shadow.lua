-- A card with a shadow and a badge as sublayers: the card moves and everything in it moves
-- along. Its face clips its contents to its rounded bounds (masksToBounds), and animating the
-- face's bounds.origin scrolls the rows inside it (a sublayer's position is read against its
-- superlayer's bounds, origin included, as UIScrollView scrolls): the rows slide up by 60 while
-- the face itself stays put. The shadow is a sibling drawn first (below), the badge last (on
-- top, outside the clipped face).
scene{size = size(400, 320)}
local card = layer{name = "card", bounds = rect(0, 0, 240, 160), position = point(140, 160)}
card:addSublayer(layer{name = "shadow", bounds = rect(0, 0, 240, 160), position = point(124, 88),
                       cornerRadius = 12, backgroundColor = color(0, 0, 0, 0.25)})
local face = layer{name = "face", bounds = rect(0, 0, 240, 160), position = point(120, 80),
                   cornerRadius = 12, backgroundColor = "#ffffff", masksToBounds = true}
card:addSublayer(face)
for i = 1, 5 do
  face:addSublayer(layer{name = "row" .. i, bounds = rect(0, 0, 208, 44), position = point(120, 30 + 52 * (i - 1)),
                         cornerRadius = 6, backgroundColor = i % 2 == 1 and "#dce6f5" or "#eef2f8"})
end
local badge = layer{name = "badge", bounds = rect(0, 0, 32, 32), position = point(236, 4), cornerRadius = 16,
                    backgroundColor = "#e4572e", borderWidth = 2, borderColor = "#ffffff"}
card:addSublayer(badge)

-- The card slides right; the face's contents scroll up by 60 at the same time.
card:add(animation.basic{keyPath = "position", fromValue = point(140, 160), toValue = point(260, 160),
                         duration = 1.2, timingFunction = "easeInEaseOut"})
card.position = point(260, 160)
face:add(animation.basic{keyPath = "bounds.origin.y", fromValue = 0, toValue = 60, duration = 1.2,
                         beginTime = 0.3, fillMode = "backwards", timingFunction = "easeOut"})
face.bounds = rect(0, 60, 240, 160)
-- The badge pops when the scroll ends.
badge:add(animation.basic{
  keyPath = "transform.scale", fromValue = 1, toValue = 1.4, duration = 0.2, beginTime = 1.5,
  autoreverses = true, timingFunction = "easeOut"})
