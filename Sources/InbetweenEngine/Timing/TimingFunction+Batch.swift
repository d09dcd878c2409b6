/// Many samples of one timing function in one call: curve sampling (`inbetween curve`,
/// `Runtime.sample`) evaluates one function at thousands of x, so the enum is switched once per
/// batch, not once per sample, and the cubic solver's loop is inlined into the caller's module.
extension TimingFunction {
    /// ys[i] = self(xs[i]) for i in 0..<xs.count; `ys` must be at least as long as `xs`.
    @inlinable
    public func evaluate(_ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        precondition(ys.count >= xs.count, "output buffer shorter than the inputs")
        if case .cubic(let bezier) = self {
            bezier.solve(xs, into: ys)
            return
        }
        for i in xs.indices { ys[i] = self(xs[i]) }
    }

    /// self(x) for each x.
    @inlinable
    public func evaluate(_ xs: [Double]) -> [Double] {
        [Double](unsafeUninitializedCapacity: xs.count) { ys, count in
            xs.withUnsafeBufferPointer { evaluate($0, into: ys) }
            count = xs.count
        }
    }
}

extension CubicBezier {
    /// ys[i] = solve(xs[i]) for i in 0..<xs.count; `ys` must be at least as long as `xs`.
    @inlinable
    public func solve(_ xs: UnsafeBufferPointer<Double>, into ys: UnsafeMutableBufferPointer<Double>) {
        precondition(ys.count >= xs.count, "output buffer shorter than the inputs")
        for i in xs.indices { ys[i] = solve(xs[i]) }
    }
}
