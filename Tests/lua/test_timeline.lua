-- Timelines: GSAP 3's position grammar, labels, nesting, calls and staggers, read back with
-- tl:children() / tl:labels() / tl.duration. Expected starts are worked out from GSAP's
-- `_parsePosition` and `distribute` (greensock/GSAP src/gsap-core.js, v3.11); the rule is
-- named at each case. Times are binary fractions unless a tolerance is given.
local h = require("helpers")
local eq, raises = h.eq, h.raises

local a = layer{name = "tl_a"}
local b = layer{name = "tl_b"}
local c = layer{name = "tl_c"}
local function fade(d) return animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = d} end

-- The start of the last child added.
local function last(tl) local ch = tl:children(); return ch[#ch].start end

-- A timeline whose recent child spans [1, 3]: "<" = 1, ">" = 3, the end 3.
local function recentAtOne()
  return timeline():add(a, fade(1), 1):add(a, fade(2), 1)
end

h.test("omitted position: the end so far (rule 1, clippedDuration)", function()
  local tl = timeline()
  tl:add(a, fade(1)); eq(last(tl), 0)
  tl:add(a, fade(0.5)); eq(last(tl), 1)
  eq(tl.duration, 1.5); eq(tl.totalDuration, 1.5)
end)

h.test("numbers and numeric strings are absolute (rule 2)", function()
  local tl = timeline()
  tl:add(a, fade(1), 3); eq(last(tl), 3)
  tl:add(a, fade(1), "0.5"); eq(last(tl), 0.5)
  eq(tl.duration, 4)
end)

h.test("+= and -= from the end (rule 5)", function()
  local tl = recentAtOne()
  tl:add(a, fade(0.5), "+=0.5"); eq(last(tl), 3.5)
  tl:add(a, fade(0.5), "-=0.25"); eq(last(tl), 3.75)
end)

h.test("labels, label offsets, unknown labels created at the end (rules 4 and 5)", function()
  local tl = timeline():add(a, fade(1))
  tl:label("mid", 0.5)
  tl:add(a, fade(0.25), "mid"); eq(last(tl), 0.5)
  tl:add(a, fade(0.25), "mid+=0.25"); eq(last(tl), 0.75)
  tl:add(a, fade(0.25), "mid-=0.25"); eq(last(tl), 0.25)
  tl:add(a, fade(0.5), "intro"); eq(last(tl), 1)        -- created at the end, 1
  tl:add(a, fade(0.5), "outro+=1"); eq(last(tl), 2.5)   -- created at the end 1.5, plus 1
  eq(tl:labels().intro, 1); eq(tl:labels().outro, 1.5); eq(tl:labels().mid, 0.5)
  tl:label("last"); eq(tl:labels().last, 3)             -- no position: the end
end)

h.test("labels keep their time as later children move the end; setting one moves it", function()
  local tl = timeline():add(a, fade(1))
  tl:add(a, fade(1), "x"); eq(last(tl), 1)
  tl:add(a, fade(1)); eq(tl:labels().x, 1)
  tl:label("x"); eq(tl:labels().x, 3)
  tl:add(a, fade(0.5), "x-=0.5"); eq(last(tl), 2.5)
end)

h.test("< and > with offsets: the recent child's start and end (rule 3)", function()
  for text, expected in pairs{["<"] = 1, [">"] = 3, ["<0.25"] = 1.25, [">-0.5"] = 2.5,
                              ["<+=0.25"] = 1.25, [">-=0.5"] = 2.5} do
    local tl = recentAtOne():add(a, fade(0.5), text)
    eq(last(tl), expected, 0, text)
  end
end)

h.test("percentages: of the recent child without '=', of the inserted child with it", function()
  -- recent total 2 s, inserted 0.5 s: "<25%" = 1 + 0.5, "<+=50%" = 1 + 0.25,
  -- "+=50%" = 3 + 0.25, ">-50%" = 3 - 1. GSAP's arithmetic p · (total / 100): 1e-12.
  for text, expected in pairs{["<25%"] = 1.5, ["<+=50%"] = 1.25, ["+=50%"] = 3.25, [">-50%"] = 2} do
    eq(last(recentAtOne():add(a, fade(0.5), text)), expected, 1e-12, text)
  end
end)

h.test("nested timelines scale with speed and count repeats and repeat delays", function()
  -- inner: one 2 s child, repeatCount 1, repeatDelay 0.5, speed 2: total 2 · 2 + 0.5 = 4.5
  -- (_setDuration), 4.5 / 2 = 2.25 s of the outer timeline (_setEnd).
  local inner = timeline{repeatCount = 1, repeatDelay = 0.5, speed = 2}:add(a, fade(2))
  eq(inner.duration, 2); eq(inner.totalDuration, 4.5)
  local outer = timeline():add(inner, 1)
  local ch = outer:children()
  eq(ch[1].start, 1); eq(ch[1].finish, 3.25); eq(ch[1].kind, "timeline")
  outer:add(b, fade(1)); eq(last(outer), 3.25)
  -- "<25%" is of the nested timeline's own totalDuration (not over its speed): 1 + 1.125.
  outer:add(inner, 1):add(b, fade(1), "<25%"); eq(last(outer), 2.125, 1e-12)
  -- autoreverses does not change the length.
  eq(timeline{repeatCount = 2, autoreverses = true}:add(a, fade(1)).totalDuration, 3)
end)

h.test("calls are zero-length children; children list kinds and layers in order", function()
  local tl = recentAtOne():call(function() end, "<0.5")
  eq(last(tl), 1.5); eq(tl.duration, 3)
  local ch = tl:children()
  eq(#ch, 3); eq(ch[3].kind, "call"); eq(ch[3].finish, 1.5)
  eq(ch[1].kind, "animation"); eq(ch[1].layer, "tl_a"); eq(ch[2].finish, 3)
end)

h.test("defaults fill an animation's unset duration and timing function", function()
  local tl = timeline{defaults = {duration = 0.5, timingFunction = "easeOut"}}
  tl:add(a, animation.basic{keyPath = "opacity", toValue = 0})
  tl:add(a, fade(2))
  eq(tl:children()[1].finish, 0.5); eq(tl:children()[2].finish, 2.5)
end)

h.test("stagger over layers: one child per layer, in layer order (distribute)", function()
  -- each 0.25 over 3 in a row: spread 0.25 · (3 - 1) = 0.5; "end" reverses the order;
  -- "center" has distances 1 0 1 from the middle, "edges" the same inverted; from = 3 (the
  -- third layer) has distances 2 1 0.
  local function starts(tl) local s = {}; for i, ch in ipairs(tl:children()) do s[i] = ch.start end; return s end
  local function same(actual, expected, tol)
    eq(#actual, #expected)
    for i = 1, #expected do eq(actual[i], expected[i], tol or 0, "start " .. i) end
  end
  same(starts(timeline():add({a, b, c}, fade(1), 1, {stagger = 0.25})), {1, 1.25, 1.5})
  same(starts(timeline():add({a, b, c}, fade(1), 0, {stagger = {each = 0.25, from = "end"}})), {0.5, 0.25, 0})
  same(starts(timeline():add({a, b, c}, fade(1), 0, {stagger = {each = 0.25, from = "center"}})), {0.5, 0, 0.5})
  same(starts(timeline():add({a, b, c}, fade(1), 0, {stagger = {each = 0.25, from = "edges"}})), {0, 0.5, 0})
  same(starts(timeline():add({a, b, c}, fade(1), 0, {stagger = {amount = 1, from = 3}})), {1, 0.5, 0})
  -- A timing function shapes the normalised distance: p² over amount 1 gives 0, 0.25, 1.
  same(starts(timeline():add({a, b, c}, fade(1), 0,
    {stagger = {amount = 1, timingFunction = function(p) return p * p end}})), {0, 0.25, 1})
  -- 2 x 2 grid from the center: every cell at the same distance, so all start at 0.
  same(starts(timeline():add({a, b, c, a}, fade(1), 0,
    {stagger = {each = 0.1, from = "center", grid = {2, 2}}})), {0, 0, 0, 0})
  -- 3 x 3 grid from the center along y: rows 0 and 2 at each · 9 / 3 = 0.3, the middle row 0.
  local nine = {a, b, c, a, b, c, a, b, c}
  same(starts(timeline():add(nine, fade(1), 0, {stagger = {each = 0.1, from = "center", grid = {3, 3}, axis = "y"}})),
       {0.3, 0.3, 0.3, 0, 0, 0, 0.3, 0.3, 0.3}, 1e-12)
  -- "random" is a seeded shuffle: the same seed, the same starts.
  local r1 = starts(timeline():add(nine, fade(1), 0, {stagger = {each = 0.1, from = "random", seed = 3}}))
  local r2 = starts(timeline():add(nine, fade(1), 0, {stagger = {each = 0.1, from = "random", seed = 3}}))
  same(r1, r2)
  -- ">" after a stagger is the end of the whole group (GSAP makes one tween of it).
  local tl = timeline():add({a, b, c}, fade(1), 0, {stagger = 0.25}):add(a, fade(1), ">")
  eq(last(tl), 1.5)
end)

h.test("malformed positions are errors naming the string and the problem", function()
  local tl = recentAtOne()
  raises(function() tl:add(a, fade(1), "+=") end,
    [[bad argument #3 to 'add' (position "+=" is malformed: expected a number without a sign after '+=', got nothing)]],
    "test_timeline.lua")
  raises(function() tl:add(a, fade(1), "intro*=2") end,
    [[bad argument #3 to 'add' (position "intro*=2" is malformed: '=' must follow '+' or '-', found '*')]])
  raises(function() tl:add(a, fade(1), "<abc") end,
    [[bad argument #3 to 'add' (position "<abc" is malformed: expected a number after '<', got 'abc')]])
  raises(function() timeline():add(a, fade(1), "-=1") end,
    [[bad argument #3 to 'add' (position "-=1" gives -1 s, before the timeline's start)]])
  raises(function() tl:label("x", "+=50%") end,
    [[bad argument #2 to 'label' (position "+=50%" is malformed: a percentage after '=' is of the child ]]
      .. [[being inserted, and a label has none)]])
  raises(function() tl:label("a=b") end,
    [[bad argument #1 to 'label' (label "a=b" must not contain '=' (it would read as "label+=x"))]])
  raises(function() tl:call(function() end, {}) end,
    [[bad argument #2 to 'call' (position expected (a time or a string like "+=1" or "<"), got table)]])
  raises(function() tl:add(a, fade(1), nil, {stagger = {each = 1, amount = 1}}) end,
    "bad argument #4 to 'add' (field 'stagger' takes each or amount, not both)")
  raises(function() tl:add(a, fade(1), nil, {stagger = {each = 1, from = 2}}) end,
    "bad argument #4 to 'add' (field 'from' must be a layer's index from 1 to 1, got 2)")
  raises(function() timeline{repeatCount = 1.5} end,
    "bad argument #1 to 'timeline' (field 'repeatCount' must be a whole number >= 0, got 1.5)")
  raises(function() return tl.durration end, "timeline has no field 'durration'; did you mean 'duration'?")
  raises(function() tl:add(tl) end, "bad argument #1 to 'add' (a timeline cannot contain itself)")
  raises(function() scene{timeline = 5} end,
    "bad argument #1 to 'scene' (field 'timeline' must be a timeline, got number)")
  eq(#tl:children(), 2)   -- failed adds add nothing
end)
