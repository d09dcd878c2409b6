-- The easing registry and `keyframes.generate`: a plain name -> function table (wherever an
-- easing is expected a name or a function works). Plugins register into the base layer while
-- they load; then it is frozen, and every script run gets a layer of its own on top (`fork`),
-- so `easing.register` in one batch job registers for that job only. The host records which
-- plugin and file each name came from and reports name clashes.
local kit, lerp, color, timingGet = ...
local type, tostring, tonumber, pairs, setmetatable = kit.type, kit.tostring, kit.tonumber, kit.pairs,
  kit.setmetatable
local raise, fmt, match, gmatch, unpack, sort = kit.raise, kit.format, kit.match, kit.gmatch, kit.unpack,
  kit.sort
local floor, huge, rawgetmetatable, next = kit.floor, kit.huge, kit.getmetatable, kit.next

-- A value's kind ("point") or Lua's type.
local function kind(v)
  local mt = type(v) == "table" and rawgetmetatable(v)
  return mt and mt.__name or type(v)
end

-- A shallow copy, so that what a script gets back cannot change the registry.
local function copy(t)
  if type(t) ~= "table" then return t end
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- One layer of registrations: entries fall through to the parent's.
local function newLayer(parent)
  return {
    entries = setmetatable({}, {__index = parent and parent.entries}),
    order = {}, clashes = {}, parent = parent,
    origin = {plugin = "script", file = "?"},
  }
end

-- The API over one layer: a table of closures. The host keeps its own copy of it, so a script
-- that replaces `easing.get` changes only what it calls itself.
local function api(layer)
  local easing = {}

  local function put(name, fn, params, generated)
    local old = layer.entries[name]
    if old then
      layer.clashes[#layer.clashes + 1] = {name = name, winner = layer.origin.plugin,
        winnerFile = layer.origin.file, loser = old.plugin, loserFile = old.file}
    else
      layer.order[#layer.order + 1] = name
    end
    layer.entries[name] = {fn = fn, plugin = layer.origin.plugin, file = layer.origin.file,
      params = params, generated = generated}
  end

  --- easing.register(name, fn [, {params = {...}, variants = false}])
  -- A name ending in "In" also registers its Out, InOut and OutIn forms (Penner's
  -- convention: out(t) = 1 - in(1 - t); inOut runs in then out over halves; outIn the reverse).
  function easing.register(name, fn, opts)
    if layer.frozen then
      raise("easing.register: the plugins' registry is frozen once they have loaded")
    end
    if type(name) ~= "string" or not match(name, "^[%a_][%w_%.%-]*$") then
      raise(fmt("bad argument #1 to 'register' (easing name expected, got %s)",
        type(name) == "string" and ("'" .. name .. "'") or type(name)))
    end
    if type(fn) ~= "function" then
      raise(fmt("bad argument #2 to 'register' (function expected, got %s)", type(fn)))
    end
    if opts ~= nil and type(opts) ~= "table" then
      raise(fmt("bad argument #3 to 'register' (table expected, got %s)", type(opts)))
    end
    for k in pairs(opts or {}) do
      if k ~= "params" and k ~= "variants" then
        raise(fmt("bad argument #3 to 'register' (unknown key '%s'; valid keys: params, variants)",
          tostring(k)))
      end
    end
    local params = opts and copy(opts.params)
    put(name, fn, params, false)
    local family = match(name, "^(.+)In$")
    if family and not (opts and opts.variants == false) then
      put(family .. "Out", function(t, ...) return 1 - fn(1 - t, ...) end, params, true)
      put(family .. "InOut", function(t, ...)
        if t < 0.5 then return fn(2 * t, ...) / 2 end
        return 1 - fn(2 - 2 * t, ...) / 2
      end, params, true)
      put(family .. "OutIn", function(t, ...)
        if t < 0.5 then return (1 - fn(1 - 2 * t, ...)) / 2 end
        return 0.5 + fn(2 * t - 1, ...) / 2
      end, params, true)
    end
  end

  --- easing.get("name") or easing.get("name(1.2, 3)") -> function or nil
  function easing.get(spec)
    if type(spec) ~= "string" then return nil end
    local entry = layer.entries[spec]
    if entry then return entry.fn end
    local name, argtext = match(spec, "^%s*([%a_][%w_%.%-]*)%s*%((.*)%)%s*$")
    entry = name and layer.entries[name]
    if not entry then return nil end
    local args = {}
    for part in gmatch(argtext .. ",", "([^,]*),") do
      local v = tonumber(part)
      if v == nil then return nil end
      args[#args + 1] = v
    end
    local fn = entry.fn
    return function(t) return fn(t, unpack(args)) end
  end

  -- Any easing spec to something callable: Lua functions and registered easings stay Lua
  -- functions (no host call per sample); everything else becomes a timing object.
  function easing.resolve(spec)
    if type(spec) == "function" then return spec end
    local f = easing.get(spec)
    if f then return f end
    return timingGet(spec)
  end

  function easing.names()
    local out, l = {}, layer
    while l do
      for i = 1, #l.order do out[#out + 1] = l.order[i] end
      l = l.parent
    end
    sort(out)
    return out
  end

  function easing.info(name)
    local e = layer.entries[name]
    if not e then return nil end
    return {name = name, plugin = e.plugin, file = e.file, params = copy(e.params),
      generated = e.generated}
  end

  function easing.clashes()
    local out, chain, l = {}, {}, layer
    while l do
      chain[#chain + 1] = l
      l = l.parent
    end
    for i = #chain, 1, -1 do
      for _, c in pairs(chain[i].clashes) do out[#out + 1] = copy(c) end
    end
    return out
  end

  return easing
end

--- keyframes.generate{from = a, to = b, duration = 1, fps = 60, fn = easing [, inclusive]}
-- The classic "60 keyframes from a function": n = duration * fps values at t = i / n for
-- i = 0 .. n - 1 (the end value itself is not among them unless inclusive = true).
local valid = {from = true, to = true, duration = true, fps = true, fn = true, inclusive = true}
local function keyframesFor(easing)
  local keyframes = {}
  function keyframes.generate(o)
    if type(o) ~= "table" then
      raise(fmt("bad argument #1 to 'generate' (table expected, got %s)", type(o)))
    end
    for k in pairs(o) do
      if not valid[k] then
        raise(fmt("bad argument #1 to 'generate' (unknown key '%s'; valid keys: %s)", tostring(k),
          "duration, fn, fps, from, inclusive, to"))
      end
    end
    local duration, fps = o.duration or 1, o.fps or 60
    if type(duration) ~= "number" or not (duration > 0) or duration == huge then
      raise(fmt("bad argument #1 to 'generate' (field 'duration' must be a positive number, got %s)",
        tostring(duration)))
    end
    if type(fps) ~= "number" or not (fps > 0) or fps > 100000 then
      raise(fmt("bad argument #1 to 'generate' (field 'fps' must be in (0, 100000], got %s)",
        tostring(fps)))
    end
    local from, to = o.from, o.to
    if from == nil or to == nil then
      raise("bad argument #1 to 'generate' (fields 'from' and 'to' are required)")
    end
    -- Colours may be given as strings anywhere else a value is expected; here too.
    if type(from) == "string" then from = color(from) end
    if type(to) == "string" then to = color(to) end
    if kind(from) ~= kind(to) then
      raise(fmt("bad argument #1 to 'generate' (fields 'from' and 'to' must be of one kind, got %s and %s)",
        kind(from), kind(to)))
    end
    local fn = easing.resolve(o.fn == nil and "linear" or o.fn)
    local n = floor(duration * fps + 0.5)
    local values, times = {}, {}
    local last = o.inclusive and n or n - 1
    for i = 0, last do
      local t = i / n
      values[i + 1] = lerp(from, to, fn(t))
      times[i + 1] = last > 0 and i / last or 0
    end
    return values, times
  end
  return keyframes
end

local base = newLayer(nil)
local root = api(base)

-- What the host needs: the base API (plugins register through it), a way to freeze it once
-- they have, where registrations come from while a plugin loads, and a fresh layer per run.
return {
  root = root,
  rootKeyframes = keyframesFor(root),
  setOrigin = function(plugin, file) base.origin = {plugin = plugin, file = file} end,
  freeze = function() base.frozen = true end,
  -- A layer for one run: the API for the script, the same closures for the host, keyframes,
  -- and the layer itself (for `clean`).
  fork = function()
    local layer = newLayer(base)
    local easing = api(layer)
    return easing, keyframesFor(easing), layer
  end,
  -- Forgets what a run registered in its layer, so that the next run can take it over
  -- (environment.lua reuses a batch worker's environment): fresh tables only when it did.
  clean = function(layer)
    if next(layer.entries) == nil and next(layer.clashes) == nil then return end
    layer.entries = setmetatable({}, {__index = base.entries})
    layer.order, layer.clashes = {}, {}
  end,
}
