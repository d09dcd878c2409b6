import CLua
import InbetweenEngine

extension ScriptParameter {
    /// Why parameters could not be handed to a script.
    struct Problem: Error {
        var message: String
    }

    /// Pushes the value as Lua sees it. Whole numbers become integers (`params.count` is a
    /// loop bound more often than not), everything else a float. Values nested deeper than
    /// `maxDepth` (ScriptParameter+JSON.swift) are refused: they can be built in Swift
    /// without any reader's check.
    func push(on s: LuaStack, depth: Int = 0) throws(Problem) {
        guard depth <= ScriptParameter.maxDepth else {
            throw Problem(message: "params nest deeper than \(ScriptParameter.maxDepth) levels")
        }
        // Each level holds its table and the value being set (and Lua's own 20-slot margin
        // covers only what a C function starts with).
        guard lua_checkstack(s.L, 4) != 0 else { throw Problem(message: "params: Lua stack overflow") }
        switch self {
        case .null: s.pushNil()
        case .bool(let b): s.push(b)
        case .number(let n):
            if n == n.rounded(), abs(n) < 0x1p53 { s.push(Int(n)) } else { s.push(n) }
        case .string(let text): s.push(text)
        case .array(let items):
            s.newTable(arrayCount: Int32(clamping: items.count))
            for (i, item) in items.enumerated() {
                try item.push(on: s, depth: depth + 1)
                s.setRawIndex(-2, Int64(i + 1))
            }
        case .object(let fields):
            s.newTable(fieldCount: Int32(clamping: fields.count))
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
                try value.push(on: s, depth: depth + 1)
                s.setRawField(-2, key)
            }
        }
    }
}
