-- Dots orbiting a centre: a parent layer turns once every 2 s about its anchor point (its
-- middle), and four dots sit still in its coordinate space, so they circle with it. Each dot's
-- position is in the parent's bounds (0...200 on both axes), as Core Animation places a
-- sublayer; one dot also pulses its own scale, which composes with the parent's rotation.
scene{size = size(300, 300)}
local orbit = layer{name = "orbit", bounds = rect(0, 0, 200, 200), position = point(150, 150),
                    cornerRadius = 100, borderWidth = 2, borderColor = "#d0d4dc"}
local colors = {"#e4572e", "#29335c", "#f3a712", "#669bbc"}
for i = 1, 4 do
  local angle = (i - 1) * math.pi / 2
  orbit:addSublayer(layer{
    name = "dot" .. i,
    bounds = rect(0, 0, 24, 24),
    cornerRadius = 12,
    position = point(100 + 80 * math.cos(angle), 100 + 80 * math.sin(angle)),
    backgroundColor = colors[i],
  })
end
orbit:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = 2 * math.pi,
                          duration = 2, timingFunction = "linear"})
-- dot1 pulses in its own space while it is carried round: scale about its own centre.
orbit.sublayers[1]:add(animation.basic{keyPath = "transform.scale", fromValue = 1, toValue = 1.5,
                                       duration = 0.5, autoreverses = true, repeatCount = 2})
