/// Where a sampled value jumps rather than travels: a value set at once (a model value, a
/// snap back when an animation is removed, a `steps()` easing) changes between two frames by
/// far more than between the frames on either side, while any motion — however fast — moves
/// about as far in neighbouring frames. Charts break their lines there. The preview page's
/// script applies the same rule (PreviewPlayer's `jumps`).
package enum JumpBreaks {
    /// A step this many times longer than the longer of its neighbours is a jump: the
    /// steepest part of the classic easings changes its frame-to-frame step by far less at 60
    /// fps (easeIn's step grows by a factor below 2 from one frame to the next after its first
    /// few frames).
    package static let factor = 4.0
    /// ...and at least this fraction of the whole range the value covers, so that rounding
    /// noise next to a hold is not taken for a jump.
    package static let minimumFraction = 0.01

    /// The indices i whose step from frame i to frame i + 1 is a jump; `rows` holds one
    /// value's components per frame (the step is the Euclidean distance between them).
    package static func indices(_ rows: [[Double]]) -> Set<Int> {
        guard rows.count > 2, let width = rows.first?.count else { return [] }
        var extent = 0.0
        for k in 0..<width {
            let column = rows.map { $0.count > k ? $0[k] : 0 }
            let span = (column.max() ?? 0) - (column.min() ?? 0)
            extent += span * span
        }
        extent = extent.squareRoot()
        let steps = (0..<(rows.count - 1)).map { i in
            zip(rows[i], rows[i + 1]).reduce(0.0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        }
        var jumps: Set<Int> = []
        for i in steps.indices {
            let near = max(i > 0 ? steps[i - 1] : 0, i + 1 < steps.count ? steps[i + 1] : 0)
            if steps[i] > factor * near && steps[i] > minimumFraction * extent { jumps.insert(i) }
        }
        return jumps
    }
}
