import CLua
import CLuaSupport
import Foundation

/// Reads an options table given to a constructor (`animation.basic{...}`) by field name, and
/// refuses keys nobody read: a typo must never be silently ignored. Errors use Lua's
/// `bad argument` wording and name the field, e.g.
/// `bad argument #1 to 'basic' (unknown key 'durtion'; did you mean 'duration'? valid keys: ...)`.
package final class TableReader {
    package let stack: LuaStack
    package let index: Int32
    /// The argument position the table was given at (for the error wording).
    package let argument: Int32
    // Unchecked (these three): a reader lives for one constructor call on one thread, and the
    // run-time exclusivity checks cost more than the reads they guard.
    @exclusivity(unchecked) private(set) var known: [String] = []
    /// String keys in the table not read yet. At 0 every key asked for after is absent, and is
    /// declared without a lookup: `layer{name = "l"}` asks for 30-odd keys and has one, and a
    /// lookup pushes the key's string first (hashed and interned: about 400 instructions).
    /// Keys a script added to the table while it was being read (from a callback) may go
    /// unread, as those added after their read always did.
    @exclusivity(unchecked) private var unread: Int32 = 0
    /// The keys found so far (a key may be read more than once).
    @exclusivity(unchecked) private var found: [String] = []

    package init(_ stack: LuaStack, at index: Int32, argument: Int32? = nil) throws {
        try stack.checkTable(index)
        self.stack = stack
        self.index = stack.absolute(index)
        self.argument = argument ?? index
        known.reserveCapacity(40)
        unread = ib_countstringkeys(stack.L, self.index)
    }

    /// Pushes the field (raw) and returns whether it is present; declares the key as valid.
    /// (Appended even when read before: a search per read made `layer{...}`, which reads all
    /// of its 30-odd keys, cost more than the layer. `finish` lists each key once.)
    package func push(_ key: String) -> Bool {
        known.append(key)
        if unread == 0 && !found.contains(key) { return false }
        if stack.rawField(index, key) == LUA_TNIL {
            stack.pop()
            return false
        }
        if !found.contains(key) {
            found.append(key)
            unread -= 1
        }
        return true
    }

    /// Runs `body` with the field on the stack top when present; pops it afterwards.
    package func with<T>(_ key: String, _ body: (Int32) throws -> T) throws -> T? {
        guard push(key) else { return nil }
        defer { stack.pop() }
        return try body(stack.top)
    }

    package func fail(_ key: String, _ rule: String) -> LuaRaise {
        .argument(argument, "field '\(key)' \(rule)")
    }

    /// A finite number, optionally with a rule checked by `valid`.
    package func number(
        _ key: String, where valid: ((Double) -> Bool)? = nil,
        rule: String = "", allowInfinity: Bool = false
    ) throws -> Double? {
        try with(key) { i -> Double in
            guard let v = stack.number(at: i), stack.type(at: i) == LUA_TNUMBER else {
                throw fail(key, "must be a number, got \(stack.typeName(at: i))")
            }
            guard v.isFinite || (allowInfinity && v == .infinity) else {
                throw fail(key, "must be a finite number, got \(LuaFormat.number(v))")
            }
            if let valid, !valid(v) { throw fail(key, "\(rule), got \(LuaFormat.number(v))") }
            return v
        }
    }

    package func string(_ key: String) throws -> String? {
        try with(key) { i -> String in
            guard let s = stack.string(at: i) else {
                throw fail(key, "must be a string, got \(stack.typeName(at: i))")
            }
            return s
        }
    }

    package func bool(_ key: String) throws -> Bool? {
        try with(key) { i -> Bool in
            guard stack.type(at: i) == LUA_TBOOLEAN else {
                throw fail(key, "must be a boolean, got \(stack.typeName(at: i))")
            }
            return stack.boolean(at: i)
        }
    }

    /// One of a fixed set of names (fill modes, calculation modes), listing them on error.
    package func choice(_ key: String, _ valid: [String]) throws -> String? {
        guard let s = try string(key) else { return nil }
        guard valid.contains(s) else {
            throw fail(key, "must be one of \(valid.joined(separator: ", ")), got '\(s)'")
        }
        return s
    }

    /// An array of numbers.
    package func numbers(_ key: String) throws -> [Double]? {
        try with(key) { i -> [Double] in
            guard stack.type(at: i) == LUA_TTABLE else {
                throw fail(key, "must be an array of numbers, got \(stack.typeName(at: i))")
            }
            var out: [Double] = []
            for n in 1..<stack.rawLength(i) + 1 {
                stack.rawIndex(i, Int64(n))
                defer { stack.pop() }
                guard stack.type(at: -1) == LUA_TNUMBER, let v = stack.number(at: -1), v.isFinite else {
                    throw fail(key, "item \(n) must be a finite number, got \(stack.describeBriefly(-1))")
                }
                out.append(v)
            }
            return out
        }
    }

    /// The first key in the table that was never asked for, if any.
    package func unknownKey() -> String? {
        var unknown: String?
        stack.forEachPair(index) {
            if unknown == nil {
                let key = stack.string(at: -2) ?? "[\(stack.typeName(at: -2))]"
                if !known.contains(key) { unknown = key }
            }
        }
        return unknown
    }

    /// Fails when the table holds a key that was never asked for.
    package func finish() throws {
        if let unknown = unknownKey() {
            throw LuaRaise.argument(argument, TableReader.unknownKeyText(unknown, valid: Set(known).sorted()))
        }
    }

    /// `unknown key 'durtion'; did you mean 'duration'? valid keys: ...`: the closest keys
    /// first, as key paths and easings are suggested (a typo among 23 keys is hard to see).
    package static func unknownKeyText(_ key: String, valid: [String]) -> String {
        let hint = Suggestions.closest(to: key, in: valid)
        let phrase =
            hint.isEmpty ? ";" : "; did you mean \(hint.map { "'\($0)'" }.joined(separator: " or "))?"
        return "unknown key '\(key)'\(phrase) valid keys: \(valid.joined(separator: ", "))"
    }
}

extension LuaStack {
    /// A short description of a value for error messages, without calling metamethods.
    package func describeBriefly(_ i: Int32) -> String {
        switch type(at: i) {
        case LUA_TNUMBER: return LuaFormat.number(number(at: i) ?? 0)
        case LUA_TSTRING: return "'\(string(at: i) ?? "")'"
        case LUA_TBOOLEAN: return boolean(at: i) ? "true" : "false"
        default: return typeName(at: i)
        }
    }
}

/// Numbers written the way Lua's `%.14g` would show them.
package enum LuaFormat {
    package static func number(_ v: Double) -> String {
        if v.isNaN { return v.sign == .minus ? "-nan" : "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        var s = String(format: "%.14g", v)
        if s.contains("e") == false, s.contains(".") { while s.hasSuffix("0") { s.removeLast() } }
        return s
    }
}
