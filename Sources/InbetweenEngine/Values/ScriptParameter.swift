/// Parameters given to a script (by a batch manifest, or an app through `InbetweenHost.run`):
/// a JSON value, which the script sees as the global table `params` (objects become tables
/// with string keys, arrays 1-based sequences, `null` nil). Decoded from JSON by `Decodable`,
/// so a manifest line is read in one step. Plain data: the engine holds the type so that the
/// library's API can name it; the Lua layer pushes it (`ScriptParameters.swift`).
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

    /// Deeper nesting is refused before it can exhaust a stack (the JSON reader, `Decodable`,
    /// or the code that turns the value into Lua tables).
    public static let maxDepth = 100
}
