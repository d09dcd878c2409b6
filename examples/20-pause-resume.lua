-- A whole subtree paused and resumed where it stopped, as Apple's Technical Q&A QA1673 ("How
-- to pause the animation of a layer tree") does it: to pause, the layer's timeOffset takes its
-- local time now and its speed becomes 0; to resume, speed goes back to 1, timeOffset to 0, and
-- beginTime becomes the time spent paused, read in the superlayer's time. The wheel and its
-- spoke both stop from 0.8 s to 1.6 s; the marker outside the group never stops.
scene{size = size(320, 200)}
local group = layer{name = "group", bounds = rect(0, 0, 200, 200), position = point(100, 100)}
local wheel = layer{name = "wheel", bounds = rect(0, 0, 120, 120), position = point(100, 100),
                    cornerRadius = 60, backgroundColor = "#669bbc"}
local spoke = layer{name = "spoke", bounds = rect(0, 0, 8, 60), position = point(60, 30),
                    backgroundColor = "#29335c"}
group:addSublayer(wheel)
wheel:addSublayer(spoke)
wheel:add(animation.basic{keyPath = "transform.rotation.z", fromValue = 0, toValue = 2 * math.pi,
                          duration = 2, timingFunction = "linear"})
spoke:add(animation.basic{keyPath = "backgroundColor", fromValue = "#29335c", toValue = "#e4572e",
                          duration = 2})

-- Never paused: a clock for comparison, in the stage's time.
local marker = layer{name = "marker", bounds = rect(0, 0, 20, 20), position = point(240, 40),
                     cornerRadius = 10, backgroundColor = "#e4572e"}
marker:add(animation.basic{keyPath = "position.y", fromValue = 40, toValue = 160, duration = 2.8})
marker.position = point(240, 160)

local function pause(l)
  local pausedTime = l:convertTime(now(), {from = nil})
  l.speed = 0
  l.timeOffset = pausedTime
end

local function resume(l)
  local pausedTime = l.timeOffset
  l.speed = 1
  l.timeOffset = 0
  l.beginTime = 0
  l.beginTime = l:convertTime(now(), {from = nil}) - pausedTime
end

local tl = timeline{}
tl:call(function() pause(group) end, 0.8)
tl:call(function() resume(group) end, 1.6)
scene{timeline = tl}
