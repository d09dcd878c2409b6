-- expect: inbetween: nothing reachable
local seen, found = {}, {}
local function walk(t, path)
  if seen[t] then return end
  seen[t] = true
  for k, v in pairs(t) do
    if k == "execute" or k == "loadlib" or k == "getregistry" or k == "dump" or k == "open" then
      found[#found + 1] = path .. "." .. tostring(k)
    end
    if type(v) == "table" then walk(v, path .. "." .. tostring(k)) end
  end
  local mt = getmetatable(t)
  if type(mt) == "table" then walk(mt, path .. "<mt>") end
end
walk(_G, "_G")
error(#found == 0 and "nothing reachable" or table.concat(found, ", "), 0)
