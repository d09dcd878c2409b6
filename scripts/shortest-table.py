#!/usr/bin/env python3
"""Writes Sources/Inbetween/Output/ShortestDecimal+Table.swift: the powers of ten that
ShortestDecimal.swift (Schubfach, R. Giulietti, "The Schubfach way to render doubles", 2020)
multiplies by, checked here with exact rational arithmetic, as are the integer formulas for
floor(e log2 10), floor(q log10 2) and floor(log10(3/4 2^q)) the Swift code uses.

For each power e = -k of ten the algorithm needs (e in [-292, 324]), with r = floor(log2 10^e):
G(e) = floor(10^e * 2^(125 - r)) + 1, so 2^125 < G <= 2^126, stored as G >> 63 and G's low 63 bits.
usage: scripts/shortest-table.py [OUT]"""
import math
import sys
from fractions import Fraction


def floor_log(x, base):
    k = 0
    while Fraction(base) ** (k + 1) <= x:
        k += 1
    while Fraction(base) ** k > x:
        k -= 1
    return k


def flog2pow10(e): return (e * 913124641741) >> 38
def flog10pow2(q): return (q * 661971961083) >> 41
def flog10three_quarters_pow2(q): return (q * 661971961083 - 274743187321) >> 41


for e in range(-400, 401):
    assert flog2pow10(e) == floor_log(Fraction(10) ** e, 2), e
for q in range(-1100, 1000):
    assert flog10pow2(q) == floor_log(Fraction(2) ** q, 10), q
    assert flog10three_quarters_pow2(q) == floor_log(Fraction(3, 4) * Fraction(2) ** q, 10), q
# A double's exponent q (value = c 2^q, c an integer below 2^53) is in [-1074, 971].
needed = {-f(q) for q in range(-1074, 972) for f in (flog10pow2, flog10three_quarters_pow2)}
E_MIN, E_MAX = min(needed), max(needed)
assert (E_MIN, E_MAX) == (-292, 324)
for q in range(-1074, 972):
    for f in (flog10pow2, flog10three_quarters_pow2):
        assert 2 <= q + flog2pow10(-f(q)) + 2 <= 5  # the shift h: c << 2 << h stays below 2^60

lines = []
for e in range(E_MIN, E_MAX + 1):
    g = math.floor(Fraction(10) ** e * Fraction(2) ** (125 - flog2pow10(e))) + 1
    assert 2 ** 125 < g <= 2 ** 126
    lines.append(f"        0x{g >> 63:016X}, 0x{g & (2 ** 63 - 1):016X},  // 10^{e}")

out = sys.argv[1] if len(sys.argv) > 1 else "Sources/Inbetween/Output/ShortestDecimal+Table.swift"
with open(out, "w") as f:
    f.write(f"""// Written by scripts/shortest-table.py; do not edit.

extension ShortestDecimal {{
    /// The power of ten of `powers`' first entry: a literal, so that it folds into the index
    /// (a stored constant in another file was a call per number).
    static var minimumPower: Int {{ {E_MIN} }}
    /// G(e) for e = {E_MIN} ... {E_MAX}: floor(10^e * 2^(125 - floor(log2 10^e))) + 1, two words
    /// each (G >> 63, then G's low 63 bits).
    static let powers: [UInt64] = [
""")
    f.write("\n".join(lines) + "\n    ]\n}\n")
