import CLua
import InbetweenEngine

/// The `stagger` option of `tl:add`: `stagger = 0.1` (each) or `{ each = x | amount = y,
/// from = "start" | "center" | "end" | "edges" | "random" | n, grid = {rows, cols},
/// axis = "x" | "y", timingFunction = ..., seed = n }` (see `Stagger` for GSAP's rules).
/// `from = n` counts layers from 1, as Lua arrays do (GSAP's index counts from 0).
extension Runtime {
    func staggerOption(at i: Int32, count: Int, reader outer: TableReader) throws -> Stagger {
        let s = host.stack
        if s.type(at: i) == LUA_TNUMBER {
            let each = s.number(at: i)!
            guard each.isFinite, each >= 0 else {
                throw outer.fail("stagger", "must be a finite number >= 0, got \(LuaFormat.number(each))")
            }
            return try Stagger(spread: .each(each))
        }
        guard s.type(at: i) == LUA_TTABLE else {
            throw outer.fail("stagger", "must be a number or a table, got \(s.typeName(at: i))")
        }
        let r = try TableReader(s, at: i, argument: outer.argument)
        let nonNegative = "must be >= 0"
        let each = try r.number("each", where: { $0 >= 0 }, rule: nonNegative)
        let amount = try r.number("amount", where: { $0 >= 0 }, rule: nonNegative)
        let from = try staggerOrigin(r, count: count)
        let grid: Stagger.Grid? = try r.with("grid") { g in
            let pair = (1...2).map { n -> Double? in
                s.rawIndex(g, Int64(n))
                defer { s.pop() }
                return s.type(at: -1) == LUA_TNUMBER ? s.number(at: -1) : nil
            }
            guard s.type(at: g) == LUA_TTABLE, s.rawLength(g) == 2, let rows = pair[0], let cols = pair[1],
                rows >= 1, cols >= 1, rows == rows.rounded(), cols == cols.rounded()
            else {
                throw r.fail("grid", "must be {rows, cols}, two whole numbers >= 1")
            }
            return try Stagger.Grid(rows: Int(rows), columns: Int(cols))
        }
        let axis = try r.choice("axis", ["x", "y"]).flatMap(Stagger.Axis.init(rawValue:))
        let tf = try timingFunctionField(r)
        let seed = try r.number(
            "seed", where: { $0 >= 0 && $0 == $0.rounded() && $0 < 0x1p63 },
            rule: "must be a whole number >= 0")
        try r.finish()
        let spread: Stagger.Spread
        switch (each, amount) {
        case (let e?, nil): spread = .each(e)
        case (nil, let a?): spread = .amount(a)
        case (nil, nil): throw outer.fail("stagger", "needs each or amount")
        case (_?, _?): throw outer.fail("stagger", "takes each or amount, not both")
        }
        if axis != nil, grid == nil { throw outer.fail("stagger", "axis needs a grid") }
        return try engineField {
            try Stagger(
                spread: spread, from: from, grid: grid, axis: axis, timingFunction: tf,
                seed: UInt64(seed ?? 0))
        }
    }

    private func staggerOrigin(_ r: TableReader, count: Int) throws -> Stagger.Origin {
        let names: [String: Stagger.Origin] = [
            "start": .start, "center": .center, "end": .end, "edges": .edges, "random": .random,
        ]
        let s = host.stack
        return try r.with("from") { i -> Stagger.Origin in
            if s.type(at: i) == LUA_TNUMBER {
                let n = s.number(at: i)!
                guard n == n.rounded(), n >= 1, n <= Double(count) else {
                    throw r.fail(
                        "from", "must be a layer's index from 1 to \(count), got \(LuaFormat.number(n))")
                }
                return .index(Int(n) - 1)
            }
            guard let name = s.string(at: i), s.type(at: i) == LUA_TSTRING, let origin = names[name] else {
                throw r.fail(
                    "from",
                    "must be start, center, end, edges, random or a layer's index, got \(s.describeBriefly(i))"
                )
            }
            return origin
        } ?? .start
    }
}
