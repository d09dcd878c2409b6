-- expect: inbetween: bomb-timeout-in-value-constructors.lua:5: time limit (1 s) exceeded; raise it with --timeout
-- args: --max-instructions 0 --timeout 1
-- Most of the time goes inside the host's own Lua (the value constructors and operators): the
-- limit names the script's line that called them, never the host's chunk ("[inbetween values]").
while true do local p = point(1, 2) + point(3, 4) end
