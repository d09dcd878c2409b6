/// Locality for sampling. An animation's arrays were allocated while the script
/// ran, between everything else it made, so sampling a large scene fetched each of them from a
/// different place in memory, every frame: sampling the goal-8 scene of `scripts/bench` spent
/// most of its time waiting on those loads. `TrackPlan` takes fresh copies when it is made,
/// for every track one after the other, so one frame reads them in the order they lie.
extension Array {
    /// A copy in a buffer of its own (never the shared one `Array(self)` would give).
    var relocated: [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = buffer.initialize(fromContentsOf: self)
            initialized = count
        }
    }
}

extension Value {
    /// A transform or vector in a buffer of its own (see `Array.relocated`); other values as
    /// they are.
    var relocated: Value {
        switch self {
        case .transform(let t): return .transform(Transform3D(m: t.m.relocated))
        case .vector(let v): return .vector(v.relocated)
        default: return self
        }
    }
}
