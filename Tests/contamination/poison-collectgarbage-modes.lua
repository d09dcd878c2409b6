for _, mode in ipairs({"stop", "generational", "incremental", "setpause", "setstepmul"}) do
  pcall(collectgarbage, mode, 1)
end
collectgarbage("step", 1000)
