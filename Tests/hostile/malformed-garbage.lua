-- expect: inbetween: malformed-garbage.lua:2: unexpected symbol near '<\1>'
ÿþ
