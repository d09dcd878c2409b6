/// The registries plugins fill besides easings: named springs and animation presets, and
/// `install`, which registers what a plugin file returned under the plugin's name.
enum PluginPrelude {
    static let source = #"""
    local easing = ...
    local type, error, pairs, fmt, sort = type, error, pairs, string.format, table.sort

    local function sortedKeys(t)
      local keys = {}
      for k in pairs(t) do keys[#keys + 1] = k end
      sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      return keys
    end

    local function registry(kind)
      local entries, order, clashes = {}, {}, {}
      local r = {entries = entries, clashes = clashes}
      r.origin = {plugin = "script", file = "?"}
      function r.register(name, value)
        if type(name) ~= "string" then
          error(fmt("bad argument #1 to 'register' (%s name expected, got %s)", kind, type(name)), 2)
        end
        if type(value) ~= "table" then
          error(fmt("bad argument #2 to 'register' (table expected, got %s)", type(value)), 2)
        end
        local old = entries[name]
        if old then
          clashes[#clashes + 1] = {name = name, winner = r.origin.plugin, winnerFile = r.origin.file,
            loser = old.plugin, loserFile = old.file}
        else
          order[#order + 1] = name
        end
        entries[name] = {value = value, plugin = r.origin.plugin, file = r.origin.file}
      end
      function r.get(name)
        local e = entries[name]
        return e and e.value
      end
      function r.names()
        local out = {}
        for i = 1, #order do out[i] = order[i] end
        sort(out)
        return out
      end
      function r.info(name)
        local e = entries[name]
        return e and {name = name, plugin = e.plugin, file = e.file}
      end
      return r
    end

    local springs, presets = registry("spring"), registry("preset")
    local loaded = {}
    local validKeys = {name = true, version = true, description = true, easings = true,
      springs = true, presets = true, requires = true}

    -- Registers what a plugin file returned. Returns true, or false and the name of a required
    -- plugin that is not loaded yet (the host retries it after the others).
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
      easing._setorigin(name, file)
      springs.origin = {plugin = name, file = file}
      presets.origin = springs.origin
      local easings = t.easings or {}
      for _, k in ipairs(sortedKeys(easings)) do
        local v = easings[k]
        if type(v) == "function" then
          easing.register(k, v)
        elseif type(v) == "table" then
          easing.register(k, v.fn, {params = v.params, variants = v.variants})
        else
          error(fmt("easing '%s' must be a function or a table with fn, got %s", tostring(k), type(v)), 0)
        end
      end
      for _, k in ipairs(sortedKeys(t.springs or {})) do springs.register(k, t.springs[k]) end
      for _, k in ipairs(sortedKeys(t.presets or {})) do presets.register(k, t.presets[k]) end
      loaded[name] = {name = name, version = t.version, file = file, description = t.description}
      easing._setorigin("script", "?")
      springs.origin = {plugin = "script", file = "?"}
      presets.origin = springs.origin
      return true
    end

    return springs, presets, install, loaded
    """#
}
