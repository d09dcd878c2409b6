-- Every script run (a `run`, each batch job, each plugin file) sees globals of its own: a fresh
-- copy of the globals the host built, with a copy of every table among them (`math`, `string`,
-- `easing`, `timing`, `animation`, ...) and registries with a layer of their own (easings.lua,
-- plugins.lua). So nothing a script writes — a global, `math.sin = ...`, `rawset(easing, ...)`,
-- `_G.pcall = ...`, `easing.register(...)` — outlives it, and host code, which holds its own
-- references (kit.lua), never sees it. The copies are shallow and cost a few hundred table
-- slots per run; the tables they hold are the host's own functions and objects, which a script
-- cannot change (their metatables are protected).
local kit, G, easings, plugins = ...
local type, next, setmetatable, rawset = kit.type, kit.next, kit.setmetatable, kit.rawset
local rawgetmetatable, randomseed = kit.getmetatable, kit.randomseed
local stringMeta = rawgetmetatable("")
local libraryString = stringMeta.__index

-- The tables reachable from the host's globals (found once, when the first run starts: by then
-- the host and the plugins' registries are complete).
local shared

local function findShared()
  shared = {}
  local function mark(t)
    if shared[t] or t == G then return end
    shared[t] = true
    for _, v in next, t do
      if type(v) == "table" then mark(v) end
    end
  end
  for _, v in next, G do
    if type(v) == "table" then mark(v) end
  end
end

local function copy(t, seen)
  local out = {}
  seen[t] = out
  for k, v in next, t do
    if type(v) == "table" and (shared[v] or v == G) then v = seen[v] or copy(v, seen) end
    rawset(out, k, v)
  end
  local mt = rawgetmetatable(t)
  if mt then setmetatable(out, mt) end
  return out
end

-- The run in progress: its globals and the host's own views of its registries.
local current

-- A new environment; `forPlugin` keeps the base registries, which plugins fill.
local function newEnvironment(forPlugin)
  if not shared then findShared() end
  local env = copy(G, {})
  local state = {env = env}
  if forPlugin then
    state.easing, state.springs, state.presets = easings.root, plugins.springs, plugins.presets
  else
    local easing, keyframes = easings.fork()
    local springs, presets = plugins.fork()
    state.easing, state.springs, state.presets = easing, springs, presets
    -- The script's copies; the host calls the originals.
    env.easing, env.keyframes = copy(easing, {}), copy(keyframes, {})
    env.springs, env.presets = copy(springs, {}), copy(presets, {})
  end
  -- A string's methods are its run's `string` table, as in plain Lua (`function string.trim`
  -- then `s:trim()`); the host restores the library's own when the run ends.
  stringMeta.__index = env.string
  -- Each run draws its own random numbers: what an earlier run drew does not shift them.
  randomseed()
  current = state
  return env, state
end

-- Back to the host's own globals (no run in progress).
local function leave()
  stringMeta.__index = libraryString
  current = nil
end

return {
  new = newEnvironment,
  leave = leave,
  current = function() return current and current.env or G end,
}
