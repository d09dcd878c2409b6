@testable import InbetweenEngine

/// What the random tests draw from the engine's seeded generator (`SplitMix64`, the one the
/// staggers use), so that a failing case is reproducible from its seed.
extension SplitMix64 {
    /// Uniform in [0, 1].
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53 - 1) }

    /// Uniform in 0..<n (modulo bias below 2^-60 for the small n the tests use).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
