-- What an untrusted script or plugin may use: the safe parts of the base library, `string`,
-- `table`, `math`, `utf8`, `coroutine`, `os.clock`/`os.time`/`os.date`, and the Inbetween
-- API. Gone: `io`, the rest of `os`, `debug`, `package` and C modules, `dofile`, `loadfile`,
-- `string.dump`, binary chunks through `load`, `collectgarbage` options that stop or
-- retune the collector, and `__gc` metamethods (no hook can stop a finalizer). `require` is
-- replaced by one that finds Lua files in the script's folder and the plugin folders only.
-- The strings' metatable is locked, so `getmetatable("")` cannot reach or change the string
-- library behind every string. With `--trusted` none of this is applied.
--
-- This edits the globals the host built (G), which no script ever sees directly: every run
-- gets its own copy of them (environment.lua). `currentEnvironment` gives the copy of the run
-- in progress, the default environment of what `load` compiles.
local kit, G, pluginRequire, currentEnvironment = ...
local error, type, select, load, tostring = kit.error, kit.type, kit.select, kit.load, kit.tostring
local collectgarbage, setmetatable, rawget = kit.collectgarbage, kit.setmetatable, kit.rawget
local allowedGC = {collect = true, count = true, step = true, isrunning = true}
local os = G.os

G.io, G.debug, G.package, G.dofile, G.loadfile = nil, nil, nil, nil, nil
G.os = {clock = os.clock, time = os.time, date = os.date, difftime = os.difftime}
G.string.dump = nil
kit.getmetatable("").__metatable = false

G.collectgarbage = function(opt, ...)
  opt = opt or "collect"
  if not allowedGC[opt] then
    error("collectgarbage option '" .. tostring(opt) .. "' is not available in the sandbox", 2)
  end
  return collectgarbage(opt, ...)
end

-- Text chunks only; the default environment is the running script's globals.
G.load = function(chunk, name, mode, ...)
  if mode ~= nil and mode ~= "t" then
    error("bad argument #3 to 'load' (only text chunks ('t') are allowed)", 2)
  end
  if select("#", ...) > 0 then return load(chunk, name, "t", (...)) end
  return load(chunk, name, "t", currentEnvironment())
end

-- Lua runs finalizers with hooks off (lgc.c's GCTM), so no limit could stop a __gc that
-- loops. An object is marked for finalization only if its metatable has a __gc field when
-- setmetatable is called, so refusing such metatables here rules out script finalizers. The
-- host's own metatables, which have a __gc, are out of reach (__metatable).
G.setmetatable = function(t, mt)
  if type(t) ~= "table" then
    error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
  end
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("bad argument #2 to 'setmetatable' (__gc metamethods are not available in the sandbox)", 2)
  end
  return setmetatable(t, mt)
end

G.require = pluginRequire
