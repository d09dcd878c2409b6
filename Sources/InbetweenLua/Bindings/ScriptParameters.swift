import CLua

/// Parameters a batch manifest passes to a script: a JSON value, given to the script as the
/// global table `params` (objects become tables with string keys, arrays 1-based sequences,
/// `null` nil). Decoded from JSON by `Decodable`, so a manifest line is read in one step.
public indirect enum ScriptParameter: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScriptParameter])
    case object([String: ScriptParameter])

    public init(from decoder: Decoder) throws {
        // Refused before decoding goes deeper (a manifest line of 10,000 '[' must not crash).
        guard decoder.codingPath.count <= ScriptParameter.maxDepth else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [],
                    debugDescription: "params nest deeper than \(ScriptParameter.maxDepth) levels"))
        }
        let c = try decoder.singleValueContainer()
        // Bool before Double: JSON `true` must not read as 1, and `1` must not read as true.
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([ScriptParameter].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: ScriptParameter].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

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
