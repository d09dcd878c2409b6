-- The registries plugins fill besides easings: named springs and animation presets, and
-- `install`, which registers what a plugin file returned under the plugin's name. Like the
-- easings (easings.lua), each registry has a base layer the plugins fill, frozen once they
-- have loaded, and a layer per script run on top of it. What `get` hands out is a copy: a
-- script that changes the preset table it got does not change the preset.
local kit, easings = ...
local type, tostring, pairs, ipairs, setmetatable = kit.type, kit.tostring, kit.pairs, kit.ipairs,
  kit.setmetatable
local error, raise, fmt, sort, next = kit.error, kit.raise, kit.format, kit.sort, kit.next

local function byName(a, b) return tostring(a) < tostring(b) end

-- Keys in the order of their names. When every key is a string (and strings have no
-- __tostring), a key is its own name, and the sort's own `<` orders them the same without a
-- Lua call and two tostring calls per comparison: 440K instructions of every worker's start
-- for the shipped plugins' 20 sorts (callgrind).
local function sortedKeys(t)
  local keys, named = {}, true
  for k in pairs(t) do
    keys[#keys + 1] = k
    if type(k) ~= "string" then named = false end
  end
  local stringMeta = kit.getmetatable("")
  if named and not (stringMeta and stringMeta.__tostring) then
    sort(keys)
  else
    sort(keys, byName)
  end
  return keys
end

-- A deep copy of plain data (a preset's fields, a spring's parameters); functions and
-- host objects are shared, as they cannot be changed.
local function copy(v, seen)
  if type(v) ~= "table" then return v end
  seen = seen or {}
  if seen[v] then return seen[v] end
  local out = {}
  seen[v] = out
  for k, x in pairs(v) do out[copy(k, seen)] = copy(x, seen) end
  return out
end

local function newLayer(parent)
  return {entries = setmetatable({}, {__index = parent and parent.entries}), order = {},
    clashes = {}, parent = parent, origin = parent and {plugin = "script", file = "?"}}
end

local function api(kind, layer)
  local r = {}
  function r.register(name, value)
    if layer.frozen then
      raise(fmt("%ss.register: the plugins' registry is frozen once they have loaded", kind))
    end
    if type(name) ~= "string" then
      raise(fmt("bad argument #1 to 'register' (%s name expected, got %s)", kind, type(name)))
    end
    if type(value) ~= "table" then
      raise(fmt("bad argument #2 to 'register' (table expected, got %s)", type(value)))
    end
    local origin = layer.origin or {plugin = "script", file = "?"}
    local old = layer.entries[name]
    if old then
      layer.clashes[#layer.clashes + 1] = {name = name, winner = origin.plugin,
        winnerFile = origin.file, loser = old.plugin, loserFile = old.file}
    else
      layer.order[#layer.order + 1] = name
    end
    layer.entries[name] = {value = copy(value), plugin = origin.plugin, file = origin.file}
  end
  function r.get(name)
    local e = layer.entries[name]
    return e and copy(e.value)
  end
  function r.names()
    local out, l = {}, layer
    while l do
      for i = 1, #l.order do out[#out + 1] = l.order[i] end
      l = l.parent
    end
    sort(out)
    return out
  end
  function r.info(name)
    local e = layer.entries[name]
    return e and {name = name, plugin = e.plugin, file = e.file}
  end
  function r.clashes()
    local out, chain, l = {}, {}, layer
    while l do
      chain[#chain + 1] = l
      l = l.parent
    end
    for i = #chain, 1, -1 do
      for _, c in ipairs(chain[i].clashes) do out[#out + 1] = copy(c) end
    end
    return out
  end
  return r
end

local springBase, presetBase = newLayer(nil), newLayer(nil)
local springs, presets = api("spring", springBase), api("preset", presetBase)
local loaded = {}
local validKeys = {name = true, version = true, description = true, easings = true,
  springs = true, presets = true, requires = true}

local function setOrigin(plugin, file)
  easings.setOrigin(plugin, file)
  springBase.origin = {plugin = plugin, file = file}
  presetBase.origin = springBase.origin
end

-- Registers what a plugin file returned. Returns true, or false and the name of a required
-- plugin that is not loaded yet (the host retries it after the others). Errors carry no
-- position (level 0): the host names the plugin's file.
local function install(t, file, fallbackName)
  if type(t) ~= "table" then
    error(fmt("plugin must return a table, got %s", type(t)), 0)
  end
  for _, k in ipairs(sortedKeys(t)) do
    if not validKeys[k] then
      error(fmt("unknown plugin key '%s'; valid keys: description, easings, name, presets, requires, springs, version",
        tostring(k)), 0)
    end
  end
  local name = t.name or fallbackName
  if type(name) ~= "string" then error("plugin field 'name' must be a string", 0) end
  for _, req in ipairs(t.requires or {}) do
    if not loaded[req] then return false, req end
  end
  setOrigin(name, file)
  local ok, problem = kit.pcall(function()
    local easingTable = t.easings or {}
    for _, k in ipairs(sortedKeys(easingTable)) do
      local v = easingTable[k]
      if type(v) == "function" then
        easings.root.register(k, v)
      elseif type(v) == "table" then
        easings.root.register(k, v.fn, {params = v.params, variants = v.variants})
      else
        error(fmt("easing '%s' must be a function or a table with fn, got %s", tostring(k), type(v)), 0)
      end
    end
    for _, k in ipairs(sortedKeys(t.springs or {})) do springs.register(k, t.springs[k]) end
    for _, k in ipairs(sortedKeys(t.presets or {})) do presets.register(k, t.presets[k]) end
  end)
  setOrigin("script", "?")
  if not ok then error(problem, 0) end
  loaded[name] = {name = name, version = t.version, file = file, description = t.description}
  return true
end

return {
  springs = springs, presets = presets, install = install, loaded = loaded,
  freeze = function()
    springBase.frozen, presetBase.frozen = true, true
    easings.freeze()
  end,
  -- Layers for one run: the APIs, and the layers themselves (for `clean`).
  fork = function()
    local springLayer, presetLayer = newLayer(springBase), newLayer(presetBase)
    return api("spring", springLayer), api("preset", presetLayer), springLayer, presetLayer
  end,
  -- Forgets what a run registered in a layer (see easings.lua's `clean`).
  clean = function(layer)
    if next(layer.entries) == nil and next(layer.clashes) == nil then return end
    layer.entries = setmetatable({}, {__index = layer.parent.entries})
    layer.order, layer.clashes = {}, {}
  end,
}
