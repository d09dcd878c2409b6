/// The easing registry and `keyframes.generate`, written in Lua: a plain name -> function table
/// (wherever an easing is expected a name or a function works). Plugins register into it; the
/// host records which plugin and file each name came from and reports name clashes.
enum EasingPrelude {
    static let source = #"""
    local lerp, timingGet = ...
    local type, error, pairs, fmt = type, error, pairs, string.format

    local registry, order, clashes = {}, {}, {}
    local easing = {}
    -- Set by the host while it loads each plugin: where registrations come from.
    local origin = {plugin = "script", file = "?"}

    local function put(name, fn, params, generated)
      local old = registry[name]
      if old then
        clashes[#clashes + 1] = {name = name, winner = origin.plugin, winnerFile = origin.file,
          loser = old.plugin, loserFile = old.file}
      else
        order[#order + 1] = name
      end
      registry[name] = {fn = fn, plugin = origin.plugin, file = origin.file, params = params,
        generated = generated}
    end

    --- easing.register(name, fn [, {params = {...}, variants = false}])
    -- A name ending in "In" also registers its Out, InOut and OutIn forms (Penner's
    -- convention: out(t) = 1 - in(1 - t); inOut runs in then out over halves; outIn the reverse).
    function easing.register(name, fn, opts)
      if type(name) ~= "string" or not name:match("^[%a_][%w_%.%-]*$") then
        error(fmt("bad argument #1 to 'register' (easing name expected, got %s)",
          type(name) == "string" and ("'" .. name .. "'") or type(name)), 2)
      end
      if type(fn) ~= "function" then
        error(fmt("bad argument #2 to 'register' (function expected, got %s)", type(fn)), 2)
      end
      if opts ~= nil and type(opts) ~= "table" then
        error(fmt("bad argument #3 to 'register' (table expected, got %s)", type(opts)), 2)
      end
      for k in pairs(opts or {}) do
        if k ~= "params" and k ~= "variants" then
          error(fmt("bad argument #3 to 'register' (unknown key '%s'; valid keys: params, variants)",
            tostring(k)), 2)
        end
      end
      local params = opts and opts.params
      put(name, fn, params, false)
      local family = name:match("^(.+)In$")
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
      local entry = registry[spec]
      if entry then return entry.fn end
      local name, argtext = spec:match("^%s*([%a_][%w_%.%-]*)%s*%((.*)%)%s*$")
      entry = name and registry[name]
      if not entry then return nil end
      local args = {}
      for part in (argtext .. ","):gmatch("([^,]*),") do
        local v = tonumber(part)
        if v == nil then return nil end
        args[#args + 1] = v
      end
      local fn, unpack = entry.fn, table.unpack
      return function(t) return fn(t, unpack(args)) end
    end

    -- Any easing spec to something callable: Lua functions and registered easings stay Lua
    -- functions (no host call per sample); everything else becomes a timing object.
    local function resolve(spec)
      if type(spec) == "function" then return spec end
      local f = easing.get(spec)
      if f then return f end
      return timingGet(spec)
    end
    easing.resolve = resolve

    function easing.names()
      local out = {}
      for i = 1, #order do out[i] = order[i] end
      table.sort(out)
      return out
    end

    function easing.info(name)
      local e = registry[name]
      if not e then return nil end
      return {name = name, plugin = e.plugin, file = e.file, params = e.params, generated = e.generated}
    end

    function easing.clashes() return clashes end
    function easing._setorigin(plugin, file) origin = {plugin = plugin, file = file} end

    --- keyframes.generate{from = a, to = b, duration = 1, fps = 60, fn = easing [, inclusive]}
    -- The classic "60 keyframes from a function": n = duration * fps values at t = i / n for
    -- i = 0 .. n - 1 (the end value itself is not among them unless inclusive = true).
    local keyframes = {}
    local valid = {from = true, to = true, duration = true, fps = true, fn = true, inclusive = true}
    function keyframes.generate(o)
      if type(o) ~= "table" then
        error(fmt("bad argument #1 to 'generate' (table expected, got %s)", type(o)), 2)
      end
      for k in pairs(o) do
        if not valid[k] then
          error(fmt("bad argument #1 to 'generate' (unknown key '%s'; valid keys: duration, fn, fps, from, inclusive, to)",
            tostring(k)), 2)
        end
      end
      local duration, fps = o.duration or 1, o.fps or 60
      if type(duration) ~= "number" or not (duration > 0) or duration == math.huge then
        error(fmt("bad argument #1 to 'generate' (field 'duration' must be a positive number, got %s)",
          tostring(duration)), 2)
      end
      if type(fps) ~= "number" or not (fps > 0) or fps > 100000 then
        error(fmt("bad argument #1 to 'generate' (field 'fps' must be in (0, 100000], got %s)",
          tostring(fps)), 2)
      end
      if o.from == nil or o.to == nil then
        error("bad argument #1 to 'generate' (fields 'from' and 'to' are required)", 2)
      end
      local fn = resolve(o.fn == nil and "linear" or o.fn)
      local n = math.floor(duration * fps + 0.5)
      local values, times = {}, {}
      local last = o.inclusive and n or n - 1
      for i = 0, last do
        local t = i / n
        values[i + 1] = lerp(o.from, o.to, fn(t))
        times[i + 1] = last > 0 and i / last or 0
      end
      return values, times
    end

    return easing, keyframes
    """#
}
