-- expect: ^inbetween: .*time limit %(1 s%) exceeded; raise it with %-%-timeout$
-- args: --timeout 1
local l = layer{name = "a", opacity = 0}
local function again()
  l:add(animation.basic{keyPath = "opacity", from = 0, to = 1, duration = 1e-9, onStop = again})
end
again()
scene{to = 1}
