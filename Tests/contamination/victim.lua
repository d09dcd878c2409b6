-- The innocent job of the contamination suite (ContaminationTests.swift): it touches every
-- table a poison job might have changed, and puts what it saw into its frames (layer names and
-- values), so that any change shows as a different output. It must write the same bytes
-- after every poison as it does alone.
local ok, red = pcall(color, "red")
assert(ok, "color('red') failed")
local a, b = table.unpack({0.25, 0.75})
local tag = string.upper("v") .. ("x"):upper() .. tostring(string.trim == nil) .. os.date("!%Y", 0)
  .. tostring(undefinedGlobal) .. tostring(leaked) .. tostring(leakedByLoad) .. utf8.char(65)
  .. #easing.names() .. type(getmetatable(point(0, 0)))
local count = 0
for _ in ipairs({1, 2, 3}) do count = count + 1 end
-- Memory it needs (40 MiB): with a poison's 230 MiB hoard still held, 256M would not do.
local big = string.rep("m", 40 * 1024 * 1024)
assert(#big == 40 * 1024 * 1024)
big = nil

local l = layer{name = "victim-" .. tag .. count, opacity = 0, position = point(0, 0),
  backgroundColor = red}
l:add(animation.basic{keyPath = "opacity", fromValue = a, toValue = b, duration = 1,
  timingFunction = "bounceOut"})
l:add(animation.basic{keyPath = "position", fromValue = point(0, 0),
  toValue = point(100 * math.sin(1), 50), duration = 1, timingFunction = timing.easeIn})
local values = keyframes.generate{from = 0, to = 10, duration = 1, fps = 4, fn = "easeInEaseOut"}
l:add(animation.keyframe{keyPath = "cornerRadius", values = values, duration = 1})
l:add(animation.preset("fadeIn", {keyPath = "borderWidth", toValue = 4}))
l:add(animation.spring{keyPath = "zPosition", fromValue = 0, toValue = 1, preset = "wobbly"})
l:add(animation.basic{keyPath = "transform", fromValue = transform.identity(),
  toValue = transform.scale(2), duration = 1})
local m = layer{name = "plain", opacity = 1}
transaction{duration = 1, timingFunction = "easeOut"}(function()
  m.opacity = 0
end)
-- A value the host hands back (a presentation point) must still be a point.
local p = l:presentation("position")
assert(type(p.x) == "number" and tostring(p):sub(1, 6) == "point(", "presentation value: " .. tostring(p))
scene{fps = 10, to = 1}
