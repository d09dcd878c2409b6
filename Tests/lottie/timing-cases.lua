-- What the Lottie export maps and what it bakes, one layer per case (Tests/lottie; run by
-- LottieExportTests through the schema, the spec's interpolation and rlottie's parser).
scene{size = size(400, 300), to = 2}

local function square(name, x, y, color)
  return layer{name = name, bounds = rect(0, 0, 40, 40), position = point(x, y), backgroundColor = color}
end

-- Baked: a spring (its displacement is no cubic Bezier).
local sprung = square("spring", 40, 40, "red")
sprung:add(animation.spring{keyPath = "position.x", fromValue = 40, toValue = 360, stiffness = 120, damping = 8})

-- Baked: a Lua easing.
local eased = square("luaEasing", 40, 100, "green")
eased:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = 0.2, duration = 1.5,
  timingFunction = function(t) return t * t * t end})

-- Baked: CSS linear().
local stepped = square("cssLinear", 40, 160, "blue")
stepped:add(animation.basic{keyPath = "transform.scale", fromValue = 1, toValue = 2, duration = 1,
  timingFunction = "linear(0, 0.25 75%, 1)"})

-- Mapped as holds: steps(4).
local held = square("steps", 200, 160, "orange")
held:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = math.pi, duration = 1,
  timingFunction = "steps(4, jump-end)"})

-- Mapped: an ease-in-out move repeated twice with autoreverse, starting after 0.25 s.
local bounced = square("repeats", 40, 230, "purple")
bounced:add(animation.basic{keyPath = "position", fromValue = point(40, 230), toValue = point(160, 230),
  duration = 0.4, beginTime = 0.25, repeatCount = 2, autoreverses = true, timingFunction = "easeInEaseOut"})

-- A layer a callback makes when the first move stops at 0.5 s: it exists from frame 30 on
-- (its Lottie in point), and its own move is mapped.
local early = square("early", 260, 40, "cyan")
early:add(animation.basic{keyPath = "position.x", fromValue = 260, toValue = 340, duration = 0.5,
  onStop = function()
    local late = square("late", 340, 100, "brown")
    late:add(animation.basic{keyPath = "position.y", fromValue = 100, toValue = 260, duration = 0.5})
  end})
