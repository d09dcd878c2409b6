-- Every script run (a `run`, each batch job, each plugin file) sees globals of its own: a fresh
-- copy of the globals the host built, with a copy of every table among them (`math`, `string`,
-- `easing`, `timing`, `animation`, ...) and registries with a layer of their own (easings.lua,
-- plugins.lua). So nothing a script writes — a global, `math.sin = ...`, `rawset(easing, ...)`,
-- `_G.pcall = ...`, `easing.register(...)` — outlives it, and host code, which holds its own
-- references (kit.lua), never sees it. The copies are shallow and cost a few hundred table
-- slots per run; the tables they hold are the host's own functions and objects, which a script
-- cannot change (their metatables are protected).
--
-- A batch worker asks for reuse (`new(false, true)`): when a run ends, its copies are put back
-- as they were made (`restore`, restore.c: a copy that differs from its snapshot is compared
-- with its original entry by entry), its registry layers emptied, and the next run gets them.
-- Making the copies afresh was about a fifth of a small job's time.
-- Only the worker asks, because only there is nothing of the old run left that could still
-- call into its globals: the scene, its callbacks and the frame stream are gone before the
-- next job starts (Runtime.runJob). A library host may keep a run's easing past the next run.
local kit, G, easings, plugins, restore, copyTables = ...
local type, next = kit.type, kit.next
local rawgetmetatable, randomseed = kit.getmetatable, kit.randomseed
local stringMeta = rawgetmetatable("")
local libraryString = stringMeta.__index

-- The tables reachable from the host's globals (found once, when the first run starts: by then
-- the host and the plugins' registries are complete, and they do not change afterwards).
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

-- Copies `t` (and the shared tables it holds, once each: `seen` maps originals to copies) and
-- lists each copy with its original, its size and its snapshot (none yet) in `copies`, for
-- `restore` (both in C, restore.c: every run and every plugin makes these copies).
local function copy(t, seen, copies)
  return copyTables(t, seen, copies, shared, G)
end

-- The run in progress: its globals and the host's own views of its registries.
local current
-- The last reusable run's state, already put back as new (see `leave`).
local retired

local function build(forPlugin, reusable)
  local seen, copies = {}, {}
  local state = {seen = seen, copies = copies, reusable = reusable}
  if forPlugin then
    state.easing, state.springs, state.presets = easings.root, plugins.springs, plugins.presets
  else
    local easing, keyframes, easingLayer = easings.fork()
    local springs, presets, springLayer, presetLayer = plugins.fork()
    state.easing, state.springs, state.presets = easing, springs, presets
    state.layers = {easingLayer, springLayer, presetLayer}
    -- The script's copies of its run's registries stand where the host's root ones are in
    -- G; the host calls the originals.
    seen[G.easing], seen[G.keyframes] = copy(easing, seen, copies), copy(keyframes, seen, copies)
    seen[G.springs], seen[G.presets] = copy(springs, seen, copies), copy(presets, seen, copies)
  end
  state.env = copy(G, seen, copies)
  return state
end

-- A new environment; `forPlugin` keeps the base registries, which plugins fill. `reuse`: the
-- caller promises that nothing of the previous run can run again (see above).
local function newEnvironment(forPlugin, reuse)
  if not shared then findShared() end
  local state
  if reuse and not forPlugin and retired then
    state = retired
  else
    state = build(forPlugin, reuse and not forPlugin)
  end
  retired = nil
  local env = state.env
  -- A string's methods are its run's `string` table, as in plain Lua (`function string.trim`
  -- then `s:trim()`); the host restores the library's own when the run ends.
  stringMeta.__index = env.string
  -- Each run draws its own random numbers: what an earlier run drew does not shift them.
  randomseed()
  current = state
  return env, state
end

-- Back to the host's own globals (no run in progress). A reusable run's copies are put back
-- now, so that what the run made is garbage at once, as when they are dropped.
local function leave()
  stringMeta.__index = libraryString
  local state = current
  current = nil
  if state and state.reusable and restore(state.copies, state.seen) then
    easings.clean(state.layers[1])
    plugins.clean(state.layers[2])
    plugins.clean(state.layers[3])
    retired = state
  end
end

return {
  new = newEnvironment,
  leave = leave,
  current = function() return current and current.env or G end,
}
