easing.register("bounceOut", function() return 0.5 end)
easing.register("easeInEaseOut", function() return 0.5 end)
