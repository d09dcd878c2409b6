-- Named springs. mass/stiffness/damping presets are react-spring's `config` presets
-- (tension = stiffness, friction = damping, mass 1); bouncy/snappy/smooth are SwiftUI's
-- `Spring` presets, given by perceptual duration and bounce (0.5 s; bounce 0.3, 0.15, 0).
return {
  name = "springs",
  version = "1.0",
  description = "react-spring's config presets and SwiftUI's bouncy/snappy/smooth",
  springs = {
    default = {mass = 1, stiffness = 170, damping = 26, source = "react-spring config.default"},
    gentle = {mass = 1, stiffness = 120, damping = 14, source = "react-spring config.gentle"},
    wobbly = {mass = 1, stiffness = 180, damping = 12, source = "react-spring config.wobbly"},
    stiff = {mass = 1, stiffness = 210, damping = 20, source = "react-spring config.stiff"},
    slow = {mass = 1, stiffness = 280, damping = 60, source = "react-spring config.slow"},
    molasses = {mass = 1, stiffness = 280, damping = 120, source = "react-spring config.molasses"},
    bouncy = {duration = 0.5, bounce = 0.3, source = "SwiftUI Spring.bouncy"},
    snappy = {duration = 0.5, bounce = 0.15, source = "SwiftUI Spring.snappy"},
    smooth = {duration = 0.5, bounce = 0, source = "SwiftUI Spring.smooth"},
    apple = {mass = 1, stiffness = 100, damping = 10, source = "CASpringAnimation defaults"},
  },
}
