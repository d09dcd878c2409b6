local preset = presets.get("fadeIn")
preset.duration = 100
preset.toValue = 3.5
springs.register("wobbly", {mass = 9, stiffness = 1, damping = 1})
presets.register("fadeIn", {type = "basic", keyPath = "opacity", toValue = 3.5, duration = 9})
