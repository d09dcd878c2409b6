-- A 5 s position animation along a path of two cubic arcs, a bounce from (74, 74) through
-- (320, 74) to (566, 74) with control points at y = 500 (Apple's Listing 3-3).
local theLayer = layer{name = "theLayer", bounds = rect(0, 0, 50, 50), position = point(74, 74)}

local thePath = path()
  :move(74.0, 74.0)
  :curve(74.0, 500.0, 320.0, 500.0, 320.0, 74.0)
  :curve(320.0, 500.0, 566.0, 500.0, 566.0, 74.0)

theLayer:add(animation.keyframe{keyPath = "position", path = thePath, duration = 5.0}, "position")
