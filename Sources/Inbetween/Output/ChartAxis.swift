import Foundation

/// One axis of a chart: its label, the range it shows and where its ticks go.
package struct ChartAxis: Hashable {
    package var label: String
    package var lower: Double
    package var upper: Double
    package var ticks: [Double]

    package var span: Double { upper - lower }

    /// Easing progress: ticks every 0.25 over [0, 1], extended by quarters to take in values
    /// that overshoot (backOut dips below 0 and elasticOut rises above 1) — so the unit square
    /// always shows, and an overshoot shows as leaving it.
    package static func progress(label: String, covering values: [Double]) -> ChartAxis {
        let quarter = 0.25
        let low = min(0, floor((values.min() ?? 0) / quarter))
        let high = max(4, ceil((values.max() ?? 1) / quarter))
        // Past a dozen quarters ticks crowd: fall back to the general nice steps.
        guard high - low <= maximumQuarterTicks else {
            return nice(label: label, from: min(0, values.min() ?? 0), to: max(1, values.max() ?? 1))
        }
        let ticks = stride(from: low, through: high, by: 1).map { $0 * quarter }
        return ChartAxis(label: label, lower: low * quarter, upper: high * quarter, ticks: ticks)
    }

    package static let maximumQuarterTicks = 12.0
    /// About this many intervals on a general axis.
    package static let targetIntervals = 5.0

    /// Any range, on round steps of 1, 2 or 5 × 10^k (the classic "nice numbers" choice),
    /// widened outward to whole steps. An empty range (one value) is widened by one unit (or a
    /// tenth of the value) on each side so it still has a scale.
    package static func nice(label: String, from lower: Double, to upper: Double) -> ChartAxis {
        var lower = lower
        var upper = upper
        if !(upper > lower) {
            let pad = lower == 0 ? 1 : abs(lower) * 0.1
            lower -= pad
            upper += pad
        }
        let rough = (upper - lower) / targetIntervals
        let magnitude = pow(10, floor(log10(rough)))
        let normalized = rough / magnitude
        let step = (normalized < 1.5 ? 1 : normalized < 3 ? 2 : normalized < 7 ? 5 : 10) * magnitude
        let first = floor(lower / step)
        let last = ceil(upper / step)
        // A range of denormals (5e-324 wide) has no power of ten to step by, and one from
        // -1e308 to 1e308 is wider than a double: then the ends alone are the ticks (a step
        // of 0 made the stride below run for a minute).
        guard step.isNormal, step.isFinite, (last - first).isFinite, last - first <= 1_000 else {
            return ChartAxis(label: label, lower: lower, upper: upper, ticks: [lower, upper])
        }
        // Multiplying whole numbers by the step (rather than adding steps) keeps 0.1 × 3 from
        // drifting into the labels more than once per tick.
        let ticks = stride(from: first, through: last, by: 1).map { $0 * step }
        return ChartAxis(label: label, lower: first * step, upper: last * step, ticks: ticks)
    }

    /// The same range on the next larger nice step (1, 2, 5 × 10^k), widened outward to whole
    /// steps: fewer ticks when their labels would collide.
    package func coarser() -> ChartAxis {
        guard ticks.count > 1 else { return self }
        let step = ticks[1] - ticks[0]
        let magnitude = pow(10, floor(log10(step) + 1e-9))
        let normalized = (step / magnitude).rounded()
        let next = (normalized < 2 ? 2 : normalized < 5 ? 5 : 10) * magnitude
        let first = floor(lower / next + 1e-9)
        let last = ceil(upper / next - 1e-9)
        guard next.isNormal, next.isFinite, (last - first).isFinite, last - first <= 1_000 else {
            return self
        }
        let ticks = stride(from: first, through: last, by: 1).map { $0 * next }
        return ChartAxis(label: label, lower: first * next, upper: last * next, ticks: ticks)
    }

    /// Tick labels: at most six decimals, trailing zeros dropped (0.30000000000000004 reads 0.3).
    package static let tickFormat = NumberFormat.compact(6)
}
