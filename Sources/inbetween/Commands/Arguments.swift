/// A small command-line reader: flags and options may appear anywhere; what remains are
/// positional arguments, taken in order.
struct Arguments {
    private var items: [String]

    init(_ items: [String]) { self.items = items }

    /// Removes `name` if present.
    mutating func flag(_ name: String) -> Bool {
        guard let i = items.firstIndex(of: name) else { return false }
        items.remove(at: i)
        return true
    }

    /// Removes `name VALUE` (or `name=VALUE`) and returns VALUE.
    mutating func option(_ name: String) throws -> String? {
        if let i = items.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(items[i].dropFirst(name.count + 1))
            items.remove(at: i)
            return value
        }
        guard let i = items.firstIndex(of: name) else { return nil }
        guard i + 1 < items.count else { throw UsageError("option \(name) needs a value") }
        let value = items[i + 1]
        items.removeSubrange(i...(i + 1))
        return value
    }

    /// `name N` as a finite number obeying `rule`.
    mutating func number(_ name: String, rule: (Double) -> Bool = { _ in true }, ruleText: String = "a number")
        throws -> Double?
    {
        guard let text = try option(name) else { return nil }
        guard let v = Double(text), v.isFinite, rule(v) else {
            throw UsageError("option \(name) needs \(ruleText), got '\(text)'")
        }
        return v
    }

    /// The next positional argument.
    mutating func next() -> String? {
        guard !items.isEmpty else { return nil }
        return items.removeFirst()
    }

    /// Fails on anything left over (an unknown option or a stray argument).
    func finish() throws {
        if let extra = items.first {
            throw UsageError(extra.hasPrefix("-") ? "unknown option '\(extra)'" : "unexpected argument '\(extra)'")
        }
    }
}

struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
