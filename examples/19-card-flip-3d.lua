-- A card flipping in 3D under its parent's perspective. The parent's sublayerTransform has
-- m34 = -1/500 (an eye 500 points in front of the plane), applied about the parent's anchor
-- point, which is where Core Animation puts the vanishing point; the card turns about its y
-- axis and its near edge grows as it comes towards the eye.
--
-- On the right the same flip as a two-sided card: a transformLayer{} (CATransformLayer) keeps
-- its sublayers in true 3D instead of flattening them into its plane, so the back face (turned
-- half a turn about y and set 1 point behind) comes to the front as the pair turns.
scene{size = size(480, 280)}
local perspective = layer{name = "perspective", bounds = rect(0, 0, 480, 280), position = point(240, 140)}
perspective.sublayerTransform = transform{1, 0, 0, 0,
                                          0, 1, 0, 0,
                                          0, 0, 1, -1 / 500,
                                          0, 0, 0, 1}

local card = layer{name = "card", bounds = rect(0, 0, 120, 160), position = point(130, 140),
                   cornerRadius = 10, backgroundColor = "#3b7dd8"}
perspective:addSublayer(card)
-- The turn stays at its end (fillMode forwards, not removed) rather than setting the model's
-- transform to the half turn: a half turn about y is also a half turn about x and z, and
-- transform.rotation.y, a part of that matrix, would start from the other reading of it.
local turn = animation.basic{keyPath = "transform.rotation.y", fromValue = 0, toValue = math.pi,
                             duration = 1.5, timingFunction = "easeInEaseOut",
                             fillMode = "forwards", removedOnCompletion = false}
card:add(turn)

local flip = transformLayer{name = "flip", bounds = rect(0, 0, 120, 160), position = point(350, 140), sublayers = {
  layer{name = "front", bounds = rect(0, 0, 120, 160), position = point(60, 80), cornerRadius = 10,
        backgroundColor = "#e4572e", transform = transform.translation(0, 0, 1)},
  layer{name = "back", bounds = rect(0, 0, 120, 160), position = point(60, 80), cornerRadius = 10,
        backgroundColor = "#f3a712",
        transform = transform.rotation(math.pi, 0, 1, 0) * transform.translation(0, 0, -1)},
}}
perspective:addSublayer(flip)
flip:add(turn)
