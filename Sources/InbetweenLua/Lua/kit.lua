-- The functions Inbetween's own Lua code calls, captured once when the state is built, before
-- any script or plugin runs. Host code reaches them through this table (a local in each file),
-- never through globals, so a script that replaces `pcall`, `math.sin` or `table.unpack` cannot
-- change what the host does. The host runs this first (Runtime+Boot.swift) and passes the
-- table to the other files.
local debug, math, string, table = debug, math, string, table
local getinfo, error = debug.getinfo, error
local sub = string.sub

local kit = {
  type = type, tostring = tostring, tonumber = tonumber, error = error, pcall = pcall,
  select = select, next = next, pairs = pairs, ipairs = ipairs,
  rawget = rawget, rawset = rawset, rawequal = rawequal, rawlen = rawlen,
  setmetatable = setmetatable, getmetatable = debug.getmetatable,
  load = load, collectgarbage = collectgarbage,
  sin = math.sin, cos = math.cos, sqrt = math.sqrt, floor = math.floor, huge = math.huge,
  randomseed = math.randomseed,
  format = string.format, match = string.match, find = string.find, gmatch = string.gmatch,
  concat = table.concat, unpack = table.unpack, sort = table.sort,
  getinfo = getinfo,
}

-- Host chunks are named "=[inbetween ...]" (Runtime+Boot.swift).
local function isHost(info)
  return info.what == "C" or sub(info.source, 1, 11) == "=[inbetween"
end

-- error(message) positioned at the first caller that is the script's own code: a mistake made
-- in a script names the script's line, however deep in the host's Lua it is found.
function kit.raise(message)
  local level = 2
  while true do
    local info = getinfo(level, "S")
    -- No script on the stack (the host called in directly): no position at all.
    if info == nil then error(message, 0) end
    if not isHost(info) then break end
    level = level + 1
  end
  error(message, level)
end

return kit
