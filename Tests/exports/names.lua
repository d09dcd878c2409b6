-- Layer names that are not identifiers must still give distinct, valid CSS and Swift names:
-- "a,b", "a b" and "a-b" used to become the same `a_b`.
local names = {"a,b", "a b", "a-b", "a_b", "1st", "é", "line\nbreak */", "a_2c_b"}
for i, name in ipairs(names) do
  local l = layer{name = name, bounds = rect(0, 0, 10, 10), position = point(10 * i, 10)}
  l:add(animation.basic{keyPath = "opacity", fromValue = 1, toValue = i / 10, duration = 0.5})
end
