/// "Did you mean" suggestions by edit distance (Levenshtein: insertions, deletions and
/// substitutions, case ignored), the one helper for every unknown name: timing functions,
/// key paths, springs, animation presets, and the CLI's commands and options.
package enum Suggestions {
    /// Up to `limit` candidates within a third of the word's length (at least 2 edits),
    /// closest first, ties by name.
    package static func closest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
        let target = Array(word.lowercased())
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            var row = Array(0...b.count)
            for i in 1...a.count {
                var prev = row[0]
                row[0] = i
                for j in 1...b.count {
                    let cur = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                    prev = cur
                }
            }
            return row[b.count]
        }
        let cutoff = max(2, target.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for name in candidates {
            let d = distance(target, Array(name.lowercased()))
            if d <= cutoff { scored.append((name, d)) }
        }
        scored.sort { a, b in a.distance != b.distance ? a.distance < b.distance : a.name < b.name }
        return scored.prefix(limit).map { $0.name }
    }

    /// "; did you mean 'a' or 'b'?" or "".
    package static func phrase(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean \(names.map { "'\($0)'" }.joined(separator: " or "))?"
    }
}
