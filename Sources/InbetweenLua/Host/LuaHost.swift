// Lua host
