-- luacheck settings for the host's own Lua (checked by HostLuaSourcesTests).
-- Only kit.lua, which runs first, may read globals: every other file gets what it calls from
-- its arguments (the kit), so no script can replace a function the host calls.
std = "none"
files["**/kit.lua"] = {std = "lua54"}
max_line_length = 120
-- 'not (x > y)' is written so on purpose: NaN must fail the check.
ignore = {"581"}
