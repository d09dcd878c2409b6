/// The x values an easing is sampled at (`Runtime.sample`).
///
/// `uniform(n)` is x = i / (n - 1) for i in 0..<n: the grid of `inbetween curve --samples N`.
/// Kept symbolic rather than as an array so that a Lua easing's sampling loop computes each x
/// itself instead of reading it from a table the host filled; Lua's `(i - 1) / (n - 1)` is a
/// float division of the same two integers, so both sides get the same doubles.
package enum SamplePoints: Equatable, Sendable {
    case uniform(Int)
    case explicit([Double])

    package var count: Int {
        switch self {
        case .uniform(let n): return n
        case .explicit(let xs): return xs.count
        }
    }

    package var xs: [Double] { (0..<count).map(x(at:)) }

    /// The i-th x (0-based).
    package func x(at i: Int) -> Double {
        switch self {
        case .uniform(let n): return n == 1 ? 0 : Double(i) / Double(n - 1)
        case .explicit(let xs): return xs[i]
        }
    }
}
