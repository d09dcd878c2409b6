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
local floor, huge, rawgetmetatable, next, pcall, error = kit.floor, kit.huge, kit.getmetatable, kit.next,
  kit.pcall, kit.error
local ipairs = kit.ipairs

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

-- A registration's `params` as a list of {name = ..., default = ...} in argument order (the
-- order the easing's function takes them after t). One parameter may be a plain table,
-- `{p = 3}`; several must say their order, `{{amplitude = 1}, {period = 0.3}}`, as a table's
-- keys have none. nil without params.
local function orderedParams(params, name)
  if params == nil then return nil end
  if type(params) ~= "table" then
    raise(fmt("bad argument #3 to 'register' (field 'params' of '%s' must be a table, got %s)", name,
      type(params)))
  end
  local function one(t, where)
    local key, value = next(t)
    if type(key) ~= "string" or next(t, key) ~= nil then
      raise(fmt("bad argument #3 to 'register' (%s of '%s' must hold one name = default, as {p = 3})",
        where, name))
    end
    if type(value) ~= "number" then
      raise(fmt("bad argument #3 to 'register' (parameter '%s' of '%s' must default to a number, got %s)",
        key, name, type(value)))
    end
    return {name = key, default = value}
  end
  local out, count = {}, 0
  for _ in pairs(params) do count = count + 1 end
  if #params == 0 then
    if count > 1 then
      raise(fmt("bad argument #3 to 'register' (field 'params' of '%s' names %d parameters in no order; "
        .. "give them as a list: {{a = 1}, {b = 2}})", name, count))
    end
    if count == 1 then out[1] = one(params, "field 'params'") end
    return out
  end
  if count ~= #params then
    raise(fmt("bad argument #3 to 'register' (field 'params' of '%s' mixes a list and names)", name))
  end
  for i, p in ipairs(params) do
    if type(p) ~= "table" then
      raise(fmt("bad argument #3 to 'register' (params[%d] of '%s' must be a table, as {p = 3}, got %s)", i,
        name, type(p)))
    end
    out[i] = one(p, fmt("params[%d]", i))
  end
  return out
end

-- `fn` with the parameters' defaults in place of the arguments not given (nil): what a
-- registered name means with no arguments (`"myIn"`) or fewer than it takes (`"myIn(2)"`).
local function withDefaults(fn, params, args)
  local values, n = {}, #params
  for i = 1, n do
    local given = args and args[i]
    if given == nil then given = params[i].default end
    values[i] = given
  end
  for i = n + 1, args and #args or 0 do values[i] = args[i] end
  local count = #values
  if count == 1 then
    local a = values[1]
    return function(t) return fn(t, a) end
  end
  return function(t) return fn(t, unpack(values, 1, count)) end
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
  -- convention: out(t) = 1 - in(1 - t); inOut runs in then out over halves; outIn the reverse),
  -- with the same params. Other names register alone. `params` gives the arguments after t
  -- with their defaults (see orderedParams): `"name"` calls fn(t, defaults...).
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
        raise(fmt("bad argument #3 to 'register' (%s)", kit.unknownKey(tostring(k), "params, variants")))
      end
    end
    local params = orderedParams(opts and opts.params, name)
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
    if entry then
      if entry.params and #entry.params > 0 then
        entry.withDefaults = entry.withDefaults or withDefaults(entry.fn, entry.params)
        return entry.withDefaults
      end
      return entry.fn
    end
    local name, argtext = match(spec, "^%s*([%a_][%w_%.%-]*)%s*%((.*)%)%s*$")
    entry = name and layer.entries[name]
    if not entry then return nil end
    local args = {}
    for part in gmatch(argtext .. ",", "([^,]*),") do
      local v = tonumber(part)
      if v == nil then return nil end
      args[#args + 1] = v
    end
    if entry.params then return withDefaults(entry.fn, entry.params, args) end
    local fn = entry.fn
    return function(t) return fn(t, unpack(args)) end
  end

  -- Any easing spec to something callable: Lua functions and registered easings stay Lua
  -- functions (no host call per sample); everything else becomes a timing object. A spec
  -- that is none is an argument error of `caller` (default 'resolve'), naming `field` when
  -- given, at the script's line: timing.get's own error would name this file's.
  function easing.resolve(spec, caller, field)
    if type(spec) == "function" then return spec end
    local f = easing.get(spec)
    if f then return f end
    local ok, result = pcall(timingGet, spec)
    if ok then return result end
    local reason = type(result) == "string" and match(result, "bad argument #1 to '[^']+' %((.*)%)$")
    if not reason then error(result, 0) end  -- a limit, an interrupt: passed on as it is
    raise(fmt("bad argument #1 to '%s' (%s%s)", caller or "resolve", field and ("field '" .. field .. "': ") or "",
      reason))
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
    local params
    if e.params then
      params = {}
      for i, p in ipairs(e.params) do params[i] = {name = p.name, default = p.default} end
    end
    return {name = name, plugin = e.plugin, file = e.file, params = params, generated = e.generated}
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
        raise(fmt("bad argument #1 to 'generate' (%s)",
          kit.unknownKey(tostring(k), "duration, fn, fps, from, inclusive, to")))
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
    local fn = easing.resolve(o.fn == nil and "linear" or o.fn, "generate", "fn")
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
