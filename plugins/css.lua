-- The CSS Easing Level 1/2 keywords as named easings, with the control points the spec gives
-- (https://www.w3.org/TR/css-easing-1/#cubic-bezier-easing-functions). Core Animation's own
-- names (easeIn, easeOut, easeInEaseOut, default, linear) are built into the engine.
local keywords = {
  ["ease"] = "cubic-bezier(0.25, 0.1, 0.25, 1)",
  ["ease-in"] = "cubic-bezier(0.42, 0, 1, 1)",
  ["ease-out"] = "cubic-bezier(0, 0, 0.58, 1)",
  ["ease-in-out"] = "cubic-bezier(0.42, 0, 0.58, 1)",
  ["step-start"] = "steps(1, jump-start)",
  ["step-end"] = "steps(1, jump-end)",
}

local easings = {}
for name, css in pairs(keywords) do
  local tf = timing.get(css)
  easings[name] = {fn = function(t) return tf(t) end, variants = false}
end

return {
  name = "css",
  version = "1.0",
  description = "CSS easing keywords: ease, ease-in, ease-out, ease-in-out, step-start, step-end",
  easings = easings,
}
