// The engine kernels scripts/bench times against its C and Lua references (not a test: speed
// lives in scripts/bench as ratios). Each mode prints one line of numbers for the driver.
//
//   InbetweenBench cubic N         built-in cubic-bezier (0.42,0,0.58,1) at N evenly spaced x:
//                                  "ns_per_sample checksum max_error_vs_exact"
//   InbetweenBench lua-easing N    Penner's bounceOut (a Lua plugin easing) sampled by the host
//                                  through Runtime.sample(spec:at:): "ns_per_sample checksum"
import Foundation
import InbetweenEngine
import InbetweenLua

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// y(x) by bisection to the last bit: the exact answer the 1e-9 accuracy goal is checked
/// against.
func exactY(_ c: CubicBezier, _ x: Double) -> Double {
    let ax = 1 - 3 * c.x2 + 3 * c.x1, bx = 3 * c.x2 - 6 * c.x1, cx = 3 * c.x1
    let ay = 1 - 3 * c.y2 + 3 * c.y1, by = 3 * c.y2 - 6 * c.y1, cy = 3 * c.y1
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = 0.5 * (lo + hi)
        if ((ax * mid + bx) * mid + cx) * mid < x { lo = mid } else { hi = mid }
    }
    let t = 0.5 * (lo + hi)
    return ((ay * t + by) * t + cy) * t
}

func benchCubic(_ n: Int) throws {
    let curve = try CubicBezier(0.42, 0, 0.58, 1)
    let scale = 1 / Double(n - 1)
    var sum = 0.0
    let start = now()
    for i in 0..<n { sum += curve.solve(Double(i) * scale) }
    let ns = (now() - start) * 1e9 / Double(n)
    var worst = 0.0
    for i in 0...10_000 {
        let x = Double(i) / 10_000
        worst = max(worst, abs(curve.solve(x) - exactY(curve, x)))
    }
    print(String(format: "%.3f %.17g %.3g", ns, sum, worst))
}

func benchLuaEasing(_ n: Int) throws {
    let runtime = try Runtime()
    var search = PluginSearch()
    search.includeUserAndEnvironment = false
    let report = runtime.loadPlugins(search)
    guard report.failures.isEmpty else { fatalError("plugins failed: \(report.failures)") }
    let xs = (0..<n).map { Double($0) / Double(n - 1) }
    _ = try runtime.sample(spec: "bounceOut", at: Array(xs.prefix(1000)))  // compile the loop
    let start = now()
    let ys = try runtime.sample(spec: "bounceOut", at: xs)
    let ns = (now() - start) * 1e9 / Double(n)
    print(String(format: "%.3f %.17g", ns, ys.reduce(0, +)))
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first, let n = arguments.dropFirst().first.flatMap({ Int($0) }), n > 1 else {
    FileHandle.standardError.write(Data("usage: InbetweenBench cubic|lua-easing N\n".utf8))
    exit(2)
}
switch mode {
case "cubic": try benchCubic(n)
case "lua-easing": try benchLuaEasing(n)
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}
