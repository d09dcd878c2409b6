-- expect: ^inbetween: bomb%-generate%-keyframes%.lua:2: instruction limit %(10000000%) exceeded; raise it with %-%-max%-instructions$
local values = keyframes.generate{from = 0, to = 1, duration = 100000, fps = 100000, fn = "linear"}
