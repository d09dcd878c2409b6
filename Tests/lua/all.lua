-- Runs every Lua-side test file: inbetween run Tests/lua/all.lua
local h = require("helpers")
local files = {"test_values", "test_timing", "test_easing", "test_animation", "test_layers", "test_tree", "test_convert", "test_timeline", "test_gradient", "test_styles"}
for _, name in ipairs(files) do require(name) end
print(string.format("lua: %d tests in %d files passed", h.count, #files))
