-- Reference for goal 10 of scripts/bench: one lua5.4 process writes the batch's 1,000 files
-- itself, each 60 frames of Penner's bounceOut from a to b as `inbetween`'s CSV rows (the
-- easing as tween.lua and plugins/penner.lua write it). Written for this benchmark.
-- usage: lua5.4 bounce_files.lua OUTDIR COUNT
local dir, count = arg[1], tonumber(arg[2])
local function bounceOut(t)
  if t < 1 / 2.75 then return 7.5625 * t * t
  elseif t < 2 / 2.75 then t = t - 1.5 / 2.75 return 7.5625 * t * t + 0.75
  elseif t < 2.5 / 2.75 then t = t - 2.25 / 2.75 return 7.5625 * t * t + 0.9375 end
  t = t - 2.625 / 2.75
  return 7.5625 * t * t + 0.984375
end
for j = 0, count - 1 do
  local a, b = j % 7, 100 + j % 13
  local f = assert(io.open(string.format("%s/j%04d.csv", dir, j), "w"))
  local rows = {"time,layer,keyPath,v0"}
  for i = 0, 59 do
    local t = i / 60
    rows[#rows + 1] = string.format("%.14g,l,opacity,%.14g", t, a + (b - a) * bounceOut(t / (59 / 60)))
  end
  f:write(table.concat(rows, "\n"), "\n")
  f:close()
end
