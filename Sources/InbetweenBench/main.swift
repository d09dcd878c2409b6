// The engine kernels scripts/bench times against its C and Lua references (not a test: speed
// lives in scripts/bench as ratios). Each mode prints one line of numbers for the driver.
//
//   InbetweenBench cubic N         built-in cubic-bezier (0.42,0,0.58,1) at N evenly spaced x:
//                                  "ns_per_sample checksum max_error_vs_exact ns_solve
//                                  ns_timing_function ns_batch" (the first is the slowest path)
//   InbetweenBench lua-easing N    Penner's bounceOut (a Lua plugin easing) sampled by the host
//                                  through Runtime.sample(spec:at: .uniform(N)), end to end:
//                                  "ns_per_sample checksum"
//   InbetweenBench encode N FORMAT WxH FPS OUT RAW
//                                  N frames (eight distinct pictures in turn) fed to MovieEncoder
//                                  writing OUT; the same frames written to RAW first (untimed):
//                                  "wall_s" then each ffmpeg command line it ran, one a line,
//                                  arguments separated by tabs, for the driver to run again on
//                                  RAW
//   InbetweenBench render N SCRIPT  the first N frames of SCRIPT's run drawn by the library's
//                                  Renderer at the script's scene size, scale 1, white: CPU
//                                  seconds sampling the frames and rasterizing them (drawing and
//                                  reading out straight RGBA), apart: "frames sample_s raster_s"
import Foundation
import Inbetween
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
    let ax = 1 - 3 * c.x2 + 3 * c.x1
    let bx = 3 * c.x2 - 6 * c.x1
    let cx = 3 * c.x1
    let ay = 1 - 3 * c.y2 + 3 * c.y1
    let by = 3 * c.y2 - 6 * c.y1
    let cy = 3 * c.y1
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = 0.5 * (lo + hi)
        if ((ax * mid + bx) * mid + cx) * mid < x { lo = mid } else { hi = mid }
    }
    let t = 0.5 * (lo + hi)
    return ((ay * t + by) * t + cy) * t
}

/// Each way the engine's users sample a cubic, timed over the same inputs as the C loop (x =
/// i/(n-1), computed in the loop as C does, results summed): `CubicBezier.solve` one x at a
/// time, `TimingFunction.callAsFunction` on `.cubic` (what animations call per frame), and the
/// batch `TimingFunction.evaluate(_:into:)` (what curve sampling calls) on chunks of 512 x
/// that stay in cache. The first figure printed is the slowest of the three, the one the goal
/// is checked on.
func benchCubic(_ n: Int) throws {
    let curve = try CubicBezier(0.42, 0, 0.58, 1)
    let function = TimingFunction.cubic(curve)
    let last = Double(n - 1)
    var sums = [Double](repeating: 0, count: 3)
    var times = [Double](repeating: 0, count: 3)
    var start = now()
    var sum = 0.0
    for i in 0..<n { sum += curve.solve(Double(i) / last) }
    times[0] = now() - start
    sums[0] = sum
    start = now()
    sum = 0
    for i in 0..<n { sum += function(Double(i) / last) }
    times[1] = now() - start
    sums[1] = sum
    let chunk = 512
    var xs = [Double](repeating: 0, count: chunk)
    var ys = xs
    start = now()
    sum = 0
    xs.withUnsafeMutableBufferPointer { xs in
        ys.withUnsafeMutableBufferPointer { ys in
            for first in stride(from: 0, to: n, by: chunk) {
                let count = min(chunk, n - first)
                for k in 0..<count { xs[k] = Double(first + k) / last }
                function.evaluate(UnsafeBufferPointer(rebasing: xs[0..<count]), into: ys)
                for y in ys[0..<count] { sum += y }
            }
        }
    }
    times[2] = now() - start
    sums[2] = sum
    guard sums.allSatisfy({ $0 == sums[0] }) else { fatalError("the three paths disagree: \(sums)") }
    var worst = 0.0
    for i in 0...10_000 {
        let x = Double(i) / 10_000
        worst = max(worst, abs(curve.solve(x) - exactY(curve, x)))
    }
    let ns = times.map { $0 * 1e9 / Double(n) }
    print(String(format: "%.3f %.17g %.3g %.3f %.3f %.3f", ns.max()!, sums[0], worst, ns[0], ns[1], ns[2]))
}

/// What `inbetween curve bounceOut --samples N` does, end to end: from the spec and the grid
/// to a Swift array of N checked doubles (the Lua loop computes each x = i/(N-1) and stores
/// each result in a table; the host copies the table out). scripts/benchmarks/bounce_loop.lua does the same
/// loop in lua5.4, storing into a table too; both sum the results outside the timing.
func benchLuaEasing(_ n: Int) throws {
    let runtime = try Runtime()
    var search = PluginSearch()
    search.includeUserAndEnvironment = false
    let report = runtime.loadPlugins(search)
    guard report.failures.isEmpty else { fatalError("plugins failed: \(report.failures)") }
    _ = try runtime.sample(spec: "bounceOut", at: .uniform(1000))  // compile the loop
    let start = now()
    let ys = try runtime.sample(spec: "bounceOut", at: .uniform(n))
    let ns = (now() - start) * 1e9 / Double(n)
    print(String(format: "%.3f %.17g", ns, ys.reduce(0, +)))
}

/// Wall time of encoding: ffmpeg works in another process, so the process's own CPU clock
/// would leave its work out.
func wallClock() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Eight pictures of a disc crossing a gradient (drawn once, untimed), fed `n` times in turn.
func benchEncode(_ n: Int, _ rest: ArraySlice<String>) throws {
    let rest = Array(rest)
    guard rest.count == 5, let format = MovieFormat(rawValue: rest[0]), let fps = Double(rest[2]) else {
        FileHandle.standardError.write(Data("usage: InbetweenBench encode N FORMAT WxH FPS OUT RAW\n".utf8))
        exit(2)
    }
    let size = rest[1].split(separator: "x").compactMap { Int($0) }
    let (width, height) = (size[0], size[1])
    let out = rest[3]
    let raw = rest[4]
    var pictures: [[UInt8]] = []
    for k in 0..<8 {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        let cx = Double(width) * Double(k + 1) / 9
        let cy = Double(height) / 2
        let r = Double(height) / 6
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy))
                    .squareRoot()
                let a = max(0, min(1, r - d))
                rgba[o] = UInt8((Double(40 + 200 * y / height) * (1 - a) + 228 * a).rounded())
                rgba[o + 1] = UInt8((Double(90 + 160 * x / width) * (1 - a) + 87 * a).rounded())
                rgba[o + 2] = UInt8((230 * (1 - a) + 46 * a).rounded())
            }
        }
        pictures.append(rgba)
    }
    _ = FileManager.default.createFile(atPath: raw, contents: nil)
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: raw))
    for i in 0..<n { try file.write(contentsOf: pictures[i % 8]) }
    try file.close()
    let start = wallClock()
    let movie = try MovieEncoder(format: format, path: out, width: width, height: height, fps: fps)
    for i in 0..<n { try movie.append(pictures[i % 8]) }
    try movie.finish()
    print(String(format: "%.6f", wallClock() - start))
    for line in movie.commandLines { print(line.joined(separator: "\t")) }
}

/// Rasterizing frames, with the sampling that makes their values timed apart (CPU time of
/// the process, as the other modes).
func benchRender(_ n: Int, script: String) throws {
    let runtime = try Runtime()
    var search = PluginSearch()
    search.includeUserAndEnvironment = false
    _ = runtime.loadPlugins(search)
    try runtime.runJob(file: script)
    let renderer = try Renderer(runtime: runtime, request: SamplingRequest(), options: RenderOptions())
    var sampling = 0.0
    var raster = 0.0
    var frames = 0
    var checksum = 0
    while frames < n {
        let t0 = now()
        guard try renderer.advance() != nil else { break }
        let t1 = now()
        let frame = renderer.picture()
        raster += now() - t1
        sampling += t1 - t0
        checksum &+= Int(frame.rgba[frame.rgba.count / 2])
        frames += 1
    }
    print(String(format: "%d %.4f %.4f %d", frames, sampling, raster, checksum))
}

let arguments = CommandLine.arguments.dropFirst()
guard let mode = arguments.first, let n = arguments.dropFirst().first.flatMap({ Int($0) }), n > 1 else {
    let usage =
        "usage: InbetweenBench cubic|lua-easing N | encode N FORMAT WxH FPS OUT RAW | render N SCRIPT\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
switch mode {
case "cubic": try benchCubic(n)
case "lua-easing": try benchLuaEasing(n)
case "encode": try benchEncode(n, arguments.dropFirst(2))
case "render": try benchRender(n, script: String(arguments.dropFirst(2).first ?? ""))
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}
