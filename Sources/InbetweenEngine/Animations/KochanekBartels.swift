/// Kochanek–Bartels (TCB) spline through keyframes, evaluated as cubic Hermite segments.
///
/// From Kochanek & Bartels, "Interpolating Splines with Local Tension, Continuity, and Bias
/// Control" (SIGGRAPH 1984). For key i with tension t, continuity c, bias b and neighbours:
///   outgoing TS_i = (1−t)(1+b)(1−c)/2 · (P_i − P_{i−1}) + (1−t)(1−b)(1+c)/2 · (P_{i+1} − P_i)
///   incoming TD_i = (1−t)(1+b)(1+c)/2 · (P_i − P_{i−1}) + (1−t)(1−b)(1−c)/2 · (P_{i+1} − P_i)
/// With t = c = b = 0 both are (P_{i+1} − P_{i−1})/2, the Catmull–Rom tangent. Keys that are
/// unevenly spaced in time get the paper's adjustment: TD_i · 2Δ_{i−1}/(Δ_{i−1}+Δ_i) and
/// TS_i · 2Δ_i/(Δ_{i−1}+Δ_i). At the first and last key the missing neighbour is taken as
/// the key itself (a zero difference), so the end tangents use the one existing neighbour.
struct KochanekBartels: Sendable {
    let points: [[Double]]
    let outgoing: [[Double]]
    let incoming: [[Double]]

    init(
        points: [[Double]], keyTimes: [Double], tension: [Double]?, continuity: [Double]?,
        bias: [Double]?
    ) {
        self.points = points
        let n = points.count
        var outgoing: [[Double]] = []
        var incoming: [[Double]] = []
        for i in 0..<n {
            let t = tension?[i] ?? 0
            let c = continuity?[i] ?? 0
            let b = bias?[i] ?? 0
            let prev = points[max(i - 1, 0)]
            let here = points[i]
            let next = points[min(i + 1, n - 1)]
            let before = zip(here, prev).map { $0 - $1 }
            let after = zip(next, here).map { $0 - $1 }
            let outA = (1 - t) * (1 + b) * (1 - c) / 2
            let outB = (1 - t) * (1 - b) * (1 + c) / 2
            let inA = (1 - t) * (1 + b) * (1 + c) / 2
            let inB = (1 - t) * (1 - b) * (1 - c) / 2
            var outScale = 1.0
            var inScale = 1.0
            if i > 0 && i < n - 1 {
                let dPrev = keyTimes[i] - keyTimes[i - 1]
                let dNext = keyTimes[i + 1] - keyTimes[i]
                if dPrev + dNext > 0 {
                    outScale = 2 * dNext / (dPrev + dNext)
                    inScale = 2 * dPrev / (dPrev + dNext)
                }
            }
            outgoing.append(zip(before, after).map { (outA * $0 + outB * $1) * outScale })
            incoming.append(zip(before, after).map { (inA * $0 + inB * $1) * inScale })
        }
        self.outgoing = outgoing
        self.incoming = incoming
    }

    /// The segment from key i to key i+1 at s ∈ [0, 1] (extrapolates the cubic outside).
    func evaluate(segment i: Int, _ s: Double) -> [Double] {
        let s2 = s * s
        let s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1
        let h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2
        let h11 = s3 - s2
        let p0 = points[i]
        let p1 = points[i + 1]
        let m0 = outgoing[i]
        let m1 = incoming[i + 1]
        return (0..<p0.count).map { k in
            h00 * p0[k] + h10 * m0[k] + h01 * p1[k] + h11 * m1[k]
        }
    }
}
