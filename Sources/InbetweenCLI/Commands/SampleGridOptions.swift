import Foundation
import Inbetween

extension SampleGrid {
    /// `--samples` and `--at` (at most one of them); nil when neither is given.
    static func parse(samples: String?, at: String?) throws -> SampleGrid? {
        if samples != nil && at != nil {
            throw UsageError("options --samples and --at cannot be used together")
        }
        if let samples {
            guard let n = Int(samples), countRange.contains(n) else {
                throw UsageError.badValue(
                    option: "--samples",
                    rule: "a whole number from \(countRange.lowerBound) to \(countRange.upperBound)",
                    value: samples)
            }
            return .uniform(n)
        }
        guard let at else { return nil }
        let xs = try at.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double in
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let x = Double(text), x.isFinite else {
                throw UsageError(
                    "option --at: '\(text)' is not a finite number (give numbers separated by commas, e.g. --at 0,0.5,1)"
                )
            }
            return x
        }
        guard xs.count <= countRange.upperBound else {
            throw UsageError("option --at takes at most \(countRange.upperBound) values, got \(xs.count)")
        }
        return .explicit(xs)
    }
}
