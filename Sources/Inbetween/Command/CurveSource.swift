import Foundation
import InbetweenEngine

/// What a curve SPEC names, resolved in this order:
/// 1. a path ending in `.lua`, or `-` (standard input): a script returning an easing (a
///    function of t, or anything a timing spec accepts);
/// 2. `spring(...)` syntax (see SpringSpec);
/// 3. a timing preset, a registered easing (`bounceOut`, `backOut(2.5)`) or a CSS function —
///    so `default` is Core Animation's default timing function, not the `default` spring;
/// 4. a spring from the plugins' `springs` registry (`wobbly`, `bouncy`);
/// otherwise the runtime's "unknown timing function ...; did you mean ...?" error.
package enum CurveSource {
    case timing(String)
    case script(ScriptSource)
    /// Sampled over its settling duration T: x = t / T from 0 to 1, y = value(at: t).
    case spring(SpringParameters)

    package static func resolve(_ spec: String, in host: CommandHost) throws -> CurveSource {
        if spec.hasSuffix(".lua") || spec == "-" { return .script(try ScriptSource.reading(operand: spec)) }
        if SpringSpec.isSpringSyntax(spec) { return .spring(try SpringSpec.parse(spec)) }
        if TimingFunction.named(spec) != nil || spec.contains("(")
            || host.knownTimingNames().contains(spec)
        {
            return .timing(spec)
        }
        if let spring = try SpringSpec.registered(spec, in: host) { return .spring(spring) }
        return .timing(spec)  // sampling it reports the unknown name with suggestions
    }

    /// The curve at each x of the grid.
    package func sample(_ grid: SampleGrid, in host: CommandHost) throws -> [Double] {
        switch self {
        case .timing(let spec): return try host.sample(spec: spec, at: grid.points)
        case .script(let script): return try host.sample(script: script, at: grid.points)
        case .spring(let spring):
            let duration = spring.settlingDuration
            let xs = grid.xs
            let ys = xs.map { spring.value(at: $0 * duration) }
            try CommandHost.checkFinite(ys, at: xs, what: "the spring")
            return ys
        }
    }

    /// `/dev/stdin` when the curve came from standard input (an output must not replace it).
    package var standardInput: [String] {
        if case .script(let script) = self { return script.standardInput }
        return []
    }

    /// The name in a chart's legend: a spring's names its time scale (x = 1 is its settling
    /// duration).
    package func legendName(_ spec: String) -> String {
        guard let duration else { return spec }
        return "\(spec) (x = 1 at \(NumberFormat.compact(3).string(duration)) s)"
    }

    /// Seconds that x = 1 stands for (springs only).
    package var duration: Double? {
        if case .spring(let spring) = self { return spring.settlingDuration }
        return nil
    }

    /// P0...P3 when the curve is a cubic Bézier, for drawing its handles.
    package var controlPoints: [(x: Double, y: Double)] {
        guard case .timing(let spec) = self,
            let function = TimingFunction.named(spec) ?? (try? TimingFunction.parse(css: spec))
        else { return [] }
        return (0...3).compactMap { function.controlPoint(at: $0) }.map { ($0.x, $0.y) }
    }
}

/// Which x values a curve is sampled at: `--samples N` (x = i / (N - 1)) or `--at X1,X2,...`.
package enum SampleGrid: Equatable {
    case uniform(Int)
    case explicit([Double])

    package static let countRange = 2...1_000_000
    /// 61 samples at x = i/60: one per frame of a one-second animation at 60 fps.
    package static let defaultCount = 61
    /// Points per curve of a chart: 400 segments are smooth at the chart's 400-pixel width.
    package static let chartCount = 401

    package var xs: [Double] { points.xs }

    /// The same grid for `CommandHost.sample`, which lets a Lua sampling loop compute a uniform
    /// grid's x itself.
    package var points: SamplePoints {
        switch self {
        case .uniform(let n): return .uniform(n)
        case .explicit(let xs): return .explicit(xs)
        }
    }
}
