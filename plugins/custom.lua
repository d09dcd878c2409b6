-- Easings made from a few parameters, after the ideas of GSAP's CustomBounce and CustomWiggle
-- (https://gsap.com/docs/v3/Eases/CustomBounce, .../CustomWiggle): a bounce whose strength and
-- squash you choose, with the matching squash-and-stretch curve, and wiggles that oscillate and
-- come back to where they started. The shapes are built here from physics and stated
-- envelopes (not GSAP's numbers): deterministic, exact, with no lookup table.
local sin, pi, floor, max, min = math.sin, math.pi, math.floor, math.max, math.min

-- A ball dropped from height 1 takes time 1 to land (fallen distance t², so g = 2 and it lands
-- at speed 2). Each impact keeps `strength` of the speed (the coefficient of restitution e):
-- bounce k leaves at speed 2·e^k, flies for 2·e^k and peaks at e^(2k) — so strength 0.5 gives
-- Penner's bounceOut (flights of 1, 1/2, 1/4 after a fall of 1; Penner stops after three). Bounces
-- stop once a peak would be under 1e-3. `squash` (percent of the fall time) keeps the ball on the
-- ground at each impact, shrinking by e each time. `endAtStart` makes the ball leap from the
-- ground up to 1 first and bounce back down to where it began.
local bounces = {}

local function phasesOf(strength, squash, endAtStart)
  local key = strength .. ":" .. squash .. ":" .. tostring(endAtStart)
  local cached = bounces[key]
  if cached then return cached end
  if type(strength) ~= "number" or not (strength > 0 and strength < 1) then
    error(("customBounce: strength must be in (0, 1), got %s"):format(tostring(strength)), 0)
  end
  if type(squash) ~= "number" or not (squash >= 0 and squash <= 100) then
    error(("customBounce: squash must be in [0, 100] (percent of the fall time), got %s"):format(tostring(squash)), 0)
  end
  -- Each phase: {kind, start, length, speed or intensity}; heights are measured above ground.
  local phases, t = {}, 0
  local function add(kind, length, a)
    phases[#phases + 1] = {kind = kind, start = t, length = length, a = a}
    t = t + length
  end
  local dwell = squash / 100
  if endAtStart then
    if dwell > 0 then add("contact", dwell, 1) end
    add("rise", 1)
  end
  add("fall", 1)
  local e = strength
  for k = 1, 200 do
    local speed = e ^ k  -- in units of the landing speed 2
    if speed * speed < 1e-3 then break end
    if dwell > 0 then add("contact", dwell * e ^ (k - 1), e ^ (k - 1)) end
    add("flight", 2 * speed, speed)
  end
  local total = t
  cached = {phases = phases, total = total, endAtStart = endAtStart, strength = strength, squash = squash}
  bounces[key] = cached
  return cached
end

-- Height above the ground at scene time t, and the squash (+) or stretch (−) amount there.
local function bounceAt(b, x)
  local t = min(max(x, 0), 1) * b.total
  local phases = b.phases
  local phase = phases[#phases]
  for i = 1, #phases do
    if t < phases[i].start + phases[i].length then phase = phases[i]; break end
  end
  local tau = min(t - phase.start, phase.length)
  if phase.kind == "rise" then
    return 1 - (1 - tau) ^ 2, 0
  elseif phase.kind == "fall" then
    return 1 - tau * tau, 0
  elseif phase.kind == "contact" then
    return 0, phase.a * sin(pi * tau / phase.length)
  end
  -- A flight leaving at speed 2v: h = 2v·τ − τ²; it stretches (−0.6 of the last squash) for
  -- the first sixth of the flight, as it leaves the ground fastest.
  local v = phase.a
  local stretch = 0
  local sixth = phase.length / 6
  if tau < sixth and b.squash > 0 then stretch = -0.6 * (v / b.strength) * sin(pi * tau / sixth) end
  return 2 * v * tau - tau * tau, stretch
end

local function customBounce(x, strength, squash, endAtStart)
  local b = phasesOf(strength or 0.7, squash or 0, (endAtStart or 0) ~= 0)
  local h = bounceAt(b, x)
  if b.endAtStart then return h end
  return 1 - h
end

local function customBounceSquash(x, strength, squash, endAtStart)
  local b = phasesOf(strength or 0.7, squash or 0, (endAtStart or 0) ~= 0)
  local _, s = bounceAt(b, x)
  return s
end

-- Wiggles: n full oscillations of sin(2πn·x) under an envelope, so the value starts and ends at
-- 0 and swings between −1 and 1 (apply it to a rotation or an offset from the model value):
-- easeOut (the default) decays linearly, 1 − x; easeInOut swells and fades, sin(πx); uniform
-- keeps amplitude 1; anticipate first pulls the other way, growing over the first
-- oscillation, then decays; random gives each half-swing a width and a height drawn from a
-- seeded generator (Park–Miller minimal standard, 16807·s mod 2^31 − 1), under the easeOut
-- envelope.
local wiggles = {}

local function randomWiggle(count, seed)
  local key = count .. ":" .. seed
  if wiggles[key] then return wiggles[key] end
  local s = floor(seed) % 2147483647
  if s <= 0 then s = s + 2147483646 end
  local function nextRandom()
    s = (16807 * s) % 2147483647
    return s / 2147483647
  end
  local halves, sum = {}, 0
  for i = 1, 2 * count do
    local width = 0.5 + nextRandom()
    halves[i] = {width = width, height = 0.3 + 0.7 * nextRandom()}
    sum = sum + width
  end
  local at = 0
  for i = 1, #halves do
    halves[i].start = at / sum
    at = at + halves[i].width
    halves[i].stop = at / sum
  end
  wiggles[key] = halves
  return halves
end

local function checkCount(n)
  if type(n) ~= "number" or n < 1 or n ~= floor(n) or n > 10000 then
    error(("customWiggle: wiggles must be a whole number from 1 to 10000, got %s"):format(tostring(n)), 0)
  end
end

local function wiggle(envelope)
  return function(x, n)
    n = n or 10
    checkCount(n)
    return envelope(x, n) * sin(2 * pi * n * x)
  end
end

local easings = {
  customBounce = {fn = customBounce, params = {{strength = 0.7}, {squash = 0}, {endAtStart = 0}}, variants = false},
  customBounceSquash = {fn = customBounceSquash, params = {{strength = 0.7}, {squash = 0}, {endAtStart = 0}},
    variants = false},
  customWiggle = {fn = wiggle(function(x) return 1 - x end), params = {wiggles = 10}, variants = false},
  customWiggleEaseInOut = {fn = wiggle(function(x) return sin(pi * x) end), params = {wiggles = 10},
    variants = false},
  customWiggleUniform = {fn = wiggle(function() return 1 end), params = {wiggles = 10}, variants = false},
  customWiggleAnticipate = {fn = function(x, n)
    n = n or 10
    checkCount(n)
    -- The first oscillation grows from 0 (x·n over it) and swings negative first.
    return -min(1, x * n) * (1 - x) * sin(2 * pi * n * x)
  end, params = {wiggles = 10}, variants = false},
  customWiggleRandom = {fn = function(x, n, seed)
    n = n or 10
    checkCount(n)
    if x <= 0 or x >= 1 then return 0 end
    local halves = randomWiggle(n, seed or 1)
    local lo, hi = 1, #halves
    while lo < hi do
      local mid = (lo + hi) // 2
      if halves[mid].stop <= x then lo = mid + 1 else hi = mid end
    end
    local h = halves[lo]
    local sign = lo % 2 == 1 and 1 or -1
    return sign * h.height * (1 - x) * sin(pi * (x - h.start) / (h.stop - h.start))
  end, params = {{wiggles = 10}, {seed = 1}}, variants = false},
}

return {
  name = "custom",
  version = "1.0",
  description = "customBounce (strength, squash, endAtStart) with its squash curve, and customWiggle in five kinds",
  easings = easings,
}
