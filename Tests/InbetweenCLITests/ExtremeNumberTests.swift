import Foundation
import XCTest

/// Extreme numbers through every parser, solver and writer (issue 31, "a number must never kill
/// the process"): the built CLI is run with each number in each place a number goes — CSS and
/// spring SPECs, the curve options, every animation field of a script for each output format,
/// the batch options and Slurm's variables — and must end with status 0, 1 or 2, never by a
/// signal, a non-zero status coming with a message `inbetween: ...`. Parsers and solvers are
/// also driven in one process by a Lua loop (`timing.get(spec)(x)` for every pair), which
/// counts its cases so that a loop that stopped early fails.
///
/// The numbers: ±0, the smallest denormal, the smallest normal, ±1e308, ±DBL_MAX, 2^53 ± 1,
/// Int64's bounds, and NaN and infinities as text (in Lua: 0/0 and math.huge); the slower
/// cases take one number of each kind. The processes run two at a time (the machine's two
/// cores); about 500 of them, 15-20 s on a quiet machine.
final class ExtremeNumberTests: XCTestCase, FolderTest {
    var folder: URL!

    /// As written on a command line or in CSS: Double's shortest text for the finite ones.
    static let numbers = [
        "0", "-0", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e308", "-1e308",
        "1.7976931348623157e308", "-1.7976931348623157e308", "9007199254740991", "9007199254740993",
        "9223372036854775807", "-9223372036854775808", "nan", "inf", "-inf",
    ]

    /// The numbers the slower cases (scripts, options) take: one of each kind.
    static let someNumbers = [
        "0", "-0", "5e-324", "1e308", "-1.7976931348623157e308", "9007199254740993",
        "9223372036854775807", "nan", "inf", "-inf",
    ]

    /// The same as Lua expressions (NaN and the infinities have no literal there).
    static func lua(_ n: String) -> String {
        switch n {
        case "nan": return "(0/0)"
        case "inf": return "math.huge"
        case "-inf": return "(-math.huge)"
        default: return n.contains(".") || n.contains("e") ? n : n + ".0"
        }
    }

    /// Curve SPECs with X where the number goes: every CSS easing function, SVG path data,
    /// the spring forms and a registered easing's argument.
    static let specTemplates = [
        "cubic-bezier(0.5, X, 0.5, 0.5)", "cubic-bezier(X, 0, 1, 1)", "linear(X, -X)",
        "linear(0, X 50%, 1)", "linear(0, 0.5 X%, 1)", "steps(X)", "steps(X, jump-both)",
        "path(M0,0 LX,1)", "path(M0,0 C0.5,X X,0.5 1,1)", "spring(1, X, 10, 0)",
        "spring(duration=X, bounce=0.3)", "backOut(X)",
    ]

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-extreme")
    }

    struct Case: Sendable {
        var arguments: [String]
        var environment: [String: String] = [:]
        var stdin: String? = nil
    }

    /// The cases, taken one at a time by each thread under a lock.
    final class CaseQueue: @unchecked Sendable {
        let cases: [Case]
        let directory: URL
        private let lock = NSLock()
        private var next = 0
        private(set) var results: [CLIResult?]

        init(_ cases: [Case], directory: URL) {
            self.cases = cases
            self.directory = directory
            results = Array(repeating: nil, count: cases.count)
        }

        func runAll() {
            while true {
                lock.lock()
                let i = next
                next += 1
                lock.unlock()
                guard i < cases.count else { return }
                let c = cases[i]
                let r = try? CLIProcess.run(
                    c.arguments + ["--no-user-plugins"], stdin: c.stdin.map { Data($0.utf8) },
                    environment: c.environment, directory: directory)
                lock.lock()
                results[i] = r
                lock.unlock()
            }
        }
    }

    /// Runs the cases two at a time and checks each ending; returns the results in order.
    @discardableResult
    func check(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) -> [CLIResult?] {
        let queue = CaseQueue(cases, directory: folder)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in queue.runAll() }
        let results = queue.results
        for (c, r) in zip(cases, results) {
            let label = "inbetween \(c.arguments.joined(separator: " ")) \(c.environment)"
            guard let r else {
                XCTFail("\(label): did not start", file: file, line: line)
                continue
            }
            XCTAssertFalse(r.signaled, "\(label): ended by signal \(r.status)", file: file, line: line)
            // None of these needs more than a fraction of a second; 20 s is a hang (a path
            // with control points near 1.8e308 made its length integral walk 2^maxDepth
            // intervals per query).
            XCTAssertLessThan(r.seconds, 20, "\(label): took \(r.seconds) s", file: file, line: line)
            XCTAssertTrue(
                [0, 1, 2].contains(r.status), "\(label): status \(r.status)", file: file, line: line)
            if r.status != 0 {
                XCTAssertTrue(
                    r.stderr.hasPrefix("inbetween:") && !r.stderr.contains("Fatal error")
                        && !r.stderr.contains("Precondition failed"),
                    "\(label): stderr \(r.stderr.prefix(300))", file: file, line: line)
            }
        }
        return Array(results)
    }

    // MARK: the cases of the issue, with the message each must give

    /// Each case the issue lists (they trapped with SIGILL, status 132, before the guard at
    /// the number output and the checks where the values are made), with a part of its message.
    func testIssueCasesGiveAClearError() throws {
        try write(
            "lottie.lua",
            Self.script("animation.basic{keyPath = 'opacity', fromValue = 1e307, toValue = 0, duration = 1}"))
        try write(
            "css.lua",
            Self.script(
                "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, speed = 5e-324}"
            ))
        try write(
            "plot.lua",
            Self.script(
                "animation.basic{keyPath = 'position', fromValue = point(0, 0), toValue = point(1e308, 1e308), duration = 1}"
            ))
        let table: [(arguments: [String], status: Int32, message: String)] = [
            // A y control point near DBL_MAX evaluates finite, saturated, as Chromium's does
            // (CubicBezierTest.ClampInfinityEvaluation); it was NaN.
            (["curve", "cubic-bezier(0.5, 1e308, 0.5, 0.5)"], 0, ""),
            (
                ["curve", "linear(1e308, -1e308)"], 1,
                "timing 'linear(1e308, -1e308)' is NaN (not a number) at t = "
            ),
            (
                ["curve", "path(M0,0 L4.9e-324,1)"], 1,
                "timing 'path(M0,0 L4.9e-324,1)' is NaN (not a number) at t = "
            ),
            (
                ["curve", "spring(1,100,10,0)", "--at", "1e308"], 1,
                "the spring is NaN (not a number) at t = 1e+308"
            ),
            (["plot", "cubic-bezier(0.5, 1e308, 0.5, 0.5)"], 0, ""),
            (["plot", "linear(1e308, -1e308)"], 1, "is NaN (not a number) at t = 0"),
            (["plot", "path(M0,0 L4.9e-324,1)"], 1, "is NaN (not a number) at t = 0"),
            (
                ["run", "lottie.lua", "--format", "lottie", "-o", "out.json"], 1,
                "cannot write out.json: a number in it would be infinite after '"
            ),
            (
                ["run", "css.lua", "--format", "css", "-o", "out.css"], 1,
                "cannot write out.css: a number in it would be infinite after '"
            ),
            // The chart's axis from 0 to 1e308 has its two ends as ticks (its step overflowed).
            (["plot", "plot.lua", "-o", "out.svg"], 0, ""),
            (
                ["curve", "steps(9223372036854775807, jump-both)"], 1,
                "steps() count 9223372036854775807: the step count must be at most 2^53 (9007199254740992)"
            ),
            (
                ["curve", "backOut(1e308)", "--format", "css"], 1,
                "the curve reaches |y| = 1.4814814703699998e307, where doubles are 2.4948003869184e291 apart"
            ),
            (
                ["curve", "steps(100001)", "--format", "css"], 1,
                "steps(100001) has 100001 jumps; an export spells each jump out as two stops or keyframes, and takes at most 100000 of them"
            ),
        ]
        let results = check(table.map { Case(arguments: $0.arguments) })
        for (row, r) in zip(table, results) {
            guard let r else { continue }
            XCTAssertEqual(r.status, row.status, "\(row.arguments): \(r.stderr)")
            XCTAssertTrue(
                row.message.isEmpty ? r.stderr.isEmpty : r.stderr.contains(row.message),
                "\(row.arguments): \(r.stderr)")
        }
        // A failed output leaves nothing behind: no target, no staging file.
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
            ["css.lua", "lottie.lua", "out.svg", "plot.lua"])
    }

    /// Huge finite geometry drawn into every kind of picture (PNG, GIF, a folder of PNGs, a
    /// contact sheet; the size from `scene{ size = }` or `--size`): every run draws its frames
    /// (status 0, no signal) and leaves no staging file. Each number goes to a shadow's radius
    /// and offset, a position and a translation, bounds, corner radius and border, a stroke, a
    /// scale, an animated position, and layers under a perspective with a clip and an opacity
    /// group. Before, a shadowRadius of 1e9 or a position of 1e19 trapped (SIGILL) converting
    /// a pixel box to Int, and left `.OUT.tmp-*` behind; a corner radius of 1e300 hung Cairo's
    /// arc; the first two lines are the issue's own cases.
    func testHugeGeometryDrawsInEveryPictureFormat() throws {
        try write(
            "shadow.lua",
            "layer{bounds=rect(0,0,60,40), backgroundColor='#e4572e', shadowOpacity=1, shadowRadius=1e9}\n")
        try write("far.lua", "layer{bounds=rect(0,0,10,10), position=point(1e19,0)}\n")
        var cases = [
            Case(arguments: ["render", "shadow.lua", "--size", "200x150", "-o", "shadow.png"]),
            Case(arguments: ["render", "far.lua", "--size", "100x100", "-o", "far.png"]),
        ]
        let values = ["1e9", "1e19", "9223372036854775807", "-1e19", "1e300", "1.7976931348623157e308"]
        for (i, x) in values.enumerated() {
            try write("scene-\(i).lua", "scene{size = size(120, 90)}\n" + Self.hugeGeometry(x))
            try write("bare-\(i).lua", Self.hugeGeometry(x))
            let frames = ["--fps", "4", "--to", "0.25"]
            cases += [
                Case(arguments: ["render", "scene-\(i).lua", "-o", "s\(i).png"]),
                Case(arguments: ["render", "scene-\(i).lua", "-o", "s\(i).gif"] + frames),
                Case(arguments: ["render", "scene-\(i).lua", "-o", "d\(i)/"] + frames),
                Case(
                    arguments: ["render", "scene-\(i).lua", "--sheet", "2x1", "-o", "sheet\(i).png"] + frames),
                Case(arguments: ["render", "bare-\(i).lua", "--size", "100x100", "-o", "b\(i).png"]),
            ]
        }
        for (c, r) in zip(cases, check(cases)) {
            XCTAssertEqual(r?.status, 0, "\(c.arguments): \(r?.stderr.prefix(300) ?? "")")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(".")
        }
        XCTAssertEqual(left, [])
    }

    /// A scene with `x` (a Lua number) in every geometric property the renderer draws from.
    static func hugeGeometry(_ x: String) -> String {
        """
        local X = \(x)
        local function l(t)
          t.bounds = t.bounds or rect(0, 0, 20, 14)
          t.backgroundColor = t.backgroundColor or "#e4572e"
          return layer(t)
        end
        l{position = point(60, 45), shadowOpacity = 1, shadowRadius = X}
        l{position = point(60, 45), opacity = 0.5, shadowOpacity = 1, shadowRadius = X, shadowOffset = size(X, -X)}
        l{position = point(X, 0)}
        l{position = point(-X, X), shadowOpacity = 1, shadowRadius = 4}
        l{position = point(20, 20), transform = transform.translation(X, 0, 0)}
        l{position = point(20, 20), transform = transform.scale(X, X, 1), shadowOpacity = 1, shadowRadius = 3}
        l{bounds = rect(X, 0, X, X), position = point(20, 20), cornerRadius = X, borderWidth = X, borderColor = "black"}
        l{position = point(20, 20), path = path():move(0, 0):line(X, X), strokeColor = "black", lineWidth = X, miterLimit = X}
        local eye = l{bounds = rect(0, 0, 120, 90), position = point(60, 45), backgroundColor = "clear",
                      masksToBounds = true, opacity = 0.5, cornerRadius = X}
        eye.sublayerTransform = transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 500, 0, 0, 0, 1}
        eye:addSublayer(l{position = point(X, 10), transform = transform.rotation(1, 0, 1, 0),
                          shadowOpacity = 1, shadowRadius = X})
        eye:addSublayer(l{position = point(30, 30), transform = transform.translation(0, 0, X)})
        l{position = point(0, 0)}:add(animation.basic{keyPath = "position.x", fromValue = 0, toValue = X, duration = 0.5})

        """
    }

    /// `repeatDuration = math.huge` is Core Animation's "repeat for ever": the Swift export
    /// writes `.infinity` (Swift's literal for it), as it already did for repeatCount.
    func testInfiniteRepeatDurationIsWrittenAsInfinityInSwift() throws {
        try write(
            "repeat.lua",
            Self.script(
                "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, repeatDuration = math.huge}"
            ))
        let r = try CLIProcess.run(
            ["run", "repeat.lua", "--format", "swift", "--to", "1", "--no-user-plugins"], directory: folder)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains(".repeatDuration = .infinity\n"), r.stdout)
    }

    /// The Lottie export of steps(1e9) allocated 208 GB of hold keyframes and aborted (status
    /// 134); steps(1e7) took 3.2 GB. Past 100,000 jumps the layer is sampled at the frame rate
    /// instead (a few dozen keyframes here), and the Swift export, which has no sampled form
    /// for one animation, refuses with the bound.
    func testHugeStepCountsAreBoundedInTheExports() throws {
        try write(
            "steps.lua",
            Self.script(
                "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, timingFunction = 'steps(1000000000)'}"
            ))
        let results = check([
            Case(arguments: ["run", "steps.lua", "--format", "lottie", "-o", "steps.json"]),
            Case(arguments: ["run", "steps.lua", "--format", "swift", "-o", "steps.swift"]),
        ])
        XCTAssertEqual(results[0]?.status, 0, results[0]?.stderr ?? "")
        let size = try FileManager.default.attributesOfItem(atPath: path("steps.json"))[.size] as? Int ?? 0
        // 2 s at the default 60 fps: at most 121 sampled keyframes of ~100 bytes each.
        XCTAssertLessThan(size, 200_000)
        XCTAssertEqual(results[1]?.status, 1)
        XCTAssertTrue(
            results[1]?.stderr.contains("steps(1000000000) has 1000000000 jumps") ?? false,
            results[1]?.stderr ?? "")
    }

    /// 6,000 nested groups and 6,000 nested timelines overflowed the stack (SIGSEGV, status 139).
    /// The bound is 100 levels, as for nested manifest params; the 101st is refused at the
    /// script's line.
    func testDeepNestingIsBounded() throws {
        try write(
            "groups.lua",
            """
            local l = layer{name = "a", opacity = 1}
            local a = animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1}
            for i = 1, 6000 do a = animation.group{animations = {a}, duration = 1} end
            l:add(a)
            """)
        try write(
            "timelines.lua",
            """
            local l = layer{name = "a", opacity = 1}
            local t = timeline{}
            t:add(l, animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1})
            for i = 1, 6000 do local p = timeline{} p:add(t) t = p end
            scene{timeline = t}
            """)
        // 100 levels of each are accepted and written.
        try write(
            "hundred.lua",
            """
            local l = layer{name = "a", opacity = 1}
            local a = animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 1}
            for i = 1, 100 do a = animation.group{animations = {a}, duration = 1} end
            local t = timeline{}
            t:add(l, a)
            for i = 1, 99 do local p = timeline{} p:add(t) t = p end
            scene{timeline = t}
            """)
        let results = check([
            Case(arguments: ["run", "groups.lua", "--format", "csv"]),
            Case(arguments: ["run", "timelines.lua", "--format", "csv"]),
            Case(arguments: ["run", "hundred.lua", "--format", "swift"]),
        ])
        XCTAssertEqual(results[0]?.status, 1)
        XCTAssertEqual(
            results[0]?.stderr,
            "inbetween: groups.lua:3: bad argument #1 to 'group' (field 'animations' must not nest groups more than 100 deep (this group would be 101 deep))\n"
        )
        XCTAssertEqual(results[1]?.status, 1)
        XCTAssertEqual(
            results[1]?.stderr,
            "inbetween: timelines.lua:4: bad value for 'timeline' (a timeline nested 100 deep): timelines nest at most 100 deep\n"
        )
        XCTAssertEqual(results[2]?.status, 0, results[2]?.stderr ?? "")
    }

    /// Integer overflow in batch: `--shard 1/(2^63 - 1)` and Slurm's variables at ±2^63 trapped
    /// (SIGILL), `--timeout 1e18` trapped and left its staging folder.
    func testBatchIntegersNeverOverflow() throws {
        try write(
            "jobs/a.lua",
            Self.script("animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1}"))
        var cases = [
            Case(arguments: ["batch", "jobs", "-o", "o1", "--shard", "1/9223372036854775807"]),
            Case(arguments: [
                "batch", "jobs", "-o", "o2", "--shard", "9223372036854775807/9223372036854775807",
            ]),
            Case(arguments: ["batch", "jobs", "-o", "o3", "--timeout", "1e18"]),
            Case(arguments: ["batch", "jobs", "-o", "o4", "--timeout", "1e308"]),
        ]
        let slurm = [
            "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2",
            "SLURM_ARRAY_TASK_MAX": "2",
        ]
        for variable in ["ID", "MIN", "COUNT", "STEP", "MAX"] {
            for value in [
                "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
            ] {
                var environment = slurm
                environment["SLURM_ARRAY_TASK_" + variable] = value
                cases.append(
                    Case(
                        arguments: ["batch", "jobs", "-o", "slurm", "--shard", "auto"],
                        environment: environment))
            }
        }
        let results = check(cases)
        XCTAssertEqual(results[0]?.status, 0)
        XCTAssertEqual(results[1]?.status, 0)
        XCTAssertEqual(results[2]?.status, 0)
        XCTAssertEqual(results[3]?.status, 0)
        // The job of shard 1 ran; shard 2^63 - 1 of as many has none of the one job.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("o1")), ["a.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("o2")), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("o3")), ["a.json"])
        // Every Slurm case is a usage error (none describes a task of a 2-task range).
        for r in results[4...] { XCTAssertEqual(r?.status, 2, r?.stderr ?? "") }
    }

    // MARK: the property over every number and place

    /// Every SPEC template with every number, as csv at extreme x (every number as --at),
    /// and with 1e308 also as json, css and svg and through plot.
    func testCurveSpecsWithExtremeNumbers() throws {
        let xs = (["0", "0.5", "1"] + Self.numbers.filter { !["nan", "inf", "-inf"].contains($0) })
            .joined(separator: ",")
        var cases: [Case] = []
        for template in Self.specTemplates {
            for n in Self.numbers {
                let spec = template.replacingOccurrences(of: "X", with: n)
                cases.append(Case(arguments: ["curve", spec, "--at", xs]))
                guard n == "1e308" else {
                    continue
                }
                for format in ["json", "css", "svg"] {
                    cases.append(Case(arguments: ["curve", spec, "--format", format]))
                }
                cases.append(Case(arguments: ["plot", spec, "bounceOut"]))
            }
        }
        check(cases)
    }

    /// The curve and run options that take numbers, with every number.
    func testNumericOptionsWithExtremeNumbers() throws {
        try write(
            "scene.lua",
            Self.script("animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1}"))
        var cases: [Case] = []
        for n in Self.someNumbers {
            for option in ["--at", "--samples", "--tolerance", "--precision"] {
                for format in option == "--tolerance" ? ["css"] : ["csv"] {
                    cases.append(Case(arguments: ["curve", "easeInEaseOut", "--format", format, option, n]))
                }
            }
            for option in ["--fps", "--from", "--to", "--max-frames"] {
                cases.append(
                    Case(arguments: ["run", "scene.lua", "--format", "csv", "-o", "/dev/null", option, n]))
            }
            cases.append(
                Case(arguments: [
                    "run", "scene.lua", "--format", "json", "-o", "/dev/null", "--from", n, "--to", n,
                ]))
        }
        check(cases)
    }

    /// A script setting each number in every numeric field of every kind of animation, in the
    /// values and in the times (two scripts per number, so that an error in one half does not
    /// hide the other), written in each output format and through plot and preview. Fields a
    /// binding refuses are refused inside pcall; the rest reach the writers.
    func testScriptsWithExtremeNumbersInEveryFormat() throws {
        var cases: [Case] = []
        for (i, n) in Self.someNumbers.enumerated() {
            let x = Self.lua(n)
            try write(
                "values-\(i).lua",
                Self.guarded([
                    "animation.basic{keyPath = 'opacity', fromValue = \(x), toValue = 0, duration = 1}",
                    "animation.basic{keyPath = 'position', fromValue = point(\(x), \(x)), toValue = point(0, 0), duration = 1}",
                    "animation.basic{keyPath = 'bounds', toValue = rect(0, 0, \(x), 1), duration = 1}",
                    "animation.basic{keyPath = 'transform', toValue = transform.scale(\(x), 1, 1), duration = 1}",
                    "animation.basic{keyPath = 'opacity', toValue = 1, duration = 1, timingFunction = timing.cubic(0.5, \(x), 0.5, 0.5)}",
                    "animation.basic{keyPath = 'opacity', toValue = 1, duration = 1, timingFunction = timing.steps(\(x))}",
                    "animation.basic{keyPath = 'opacity', toValue = 1, duration = 1, timingFunction = 'linear(0, \(n) 50%, 1)'}",
                    "animation.keyframe{keyPath = 'opacity', values = {0, \(x), 1}, duration = 1}",
                    "animation.keyframe{keyPath = 'position', path = path():move(0, 0):curve(\(x), 0, 0, \(x), 1, 1), duration = 1}",
                    "animation.spring{keyPath = 'opacity', fromValue = 0, toValue = \(x)}",
                    "animation.spring{keyPath = 'opacity', fromValue = 0, toValue = 1, mass = \(x)}",
                    "animation.spring{keyPath = 'opacity', fromValue = 0, toValue = 1, stiffness = \(x)}",
                    "animation.spring{keyPath = 'opacity', fromValue = 0, toValue = 1, damping = \(x)}",
                    "animation.spring{keyPath = 'opacity', fromValue = 0, toValue = 1, initialVelocity = \(x)}",
                ]))
            try write(
                "times-\(i).lua",
                Self.guarded([
                    "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = \(x)}",
                    "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, speed = \(x)}",
                    "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, beginTime = \(x)}",
                    "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, timeOffset = \(x)}",
                    "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, repeatCount = \(x)}",
                    "animation.basic{keyPath = 'opacity', fromValue = 0, toValue = 1, duration = 1, repeatDuration = \(x)}",
                    "animation.keyframe{keyPath = 'opacity', values = {0, 1, 0}, keyTimes = {0, \(x), 1}, duration = 1}",
                    "animation.group{animations = {animation.basic{keyPath = 'opacity', toValue = 1}}, duration = \(x)}",
                    "animation.group{animations = {animation.basic{keyPath = 'opacity', toValue = 1}}, duration = 1, speed = \(x)}",
                ]))
            for script in ["values-\(i).lua", "times-\(i).lua"] {
                // Four frames (a never-ending animation would be sampled to the 60 s cap).
                let window = ["--fps", "4", "--to", "0.75"]
                for format in ["csv", "json", "css", "swift", "lottie"] {
                    cases.append(
                        Case(arguments: ["run", script, "--format", format, "-o", "/dev/null"] + window))
                }
                cases.append(Case(arguments: ["plot", script, "--fps", "4", "-o", "/dev/null"]))
                cases.append(Case(arguments: ["preview", script, "-o", "preview-\(script).html"] + window))
            }
        }
        check(cases)
    }

    /// Parsers and solvers in one process: every SPEC template with every number through
    /// `timing.get`, each accepted function evaluated at every number; then the same numbers
    /// through the bindings that take them directly. The script prints how many cases it ran.
    func testParsersAndSolversInOneLoop() throws {
        let numbers = Self.numbers.map { Self.lua($0) }.joined(separator: ", ")
        let texts = Self.numbers.map { "\"\($0)\"" }.joined(separator: ", ")
        let templates = Self.specTemplates.map { "\"\($0)\"" }.joined(separator: ", ")
        let script = """
            local numbers = {\(numbers), math.maxinteger, math.mininteger}
            local texts = {\(texts)}
            local templates = {\(templates)}
            local cases = 0
            local function try(f, ...) cases = cases + 1 pcall(f, ...) end
            for _, template in ipairs(templates) do
              for _, text in ipairs(texts) do
                local spec = template:gsub("X", text)
                local ok, f = pcall(timing.get, spec)
                cases = cases + 1
                if ok then for _, x in ipairs(numbers) do try(f, x) end end
              end
            end
            for _, a in ipairs(numbers) do
              for _, b in ipairs(numbers) do
                local ok, f = pcall(timing.cubic, 0.5, a, 0.5, b)
                cases = cases + 1
                if ok then for _, x in ipairs(numbers) do try(f, x) end end
                try(timing.cubic, a, 0, b, 1)
                try(timing.steps, a)
                try(timing.path, "M0,0 C" .. a .. "," .. b .. " 0.5,0.5 1,1")
                try(function() return path():move(a, b):arc(0, 0, a, b, a, true) end)
                try(point, a, b)
                try(color, a, b, 0, 1)
                try(transform.rotation, a, 0, 0, b)
              end
            end
            io.stderr:write("cases: " .. cases .. "\\n")
            """
        try write("loop.lua", script)
        let r = try CLIProcess.run(
            ["run", "loop.lua", "--format", "json", "--trusted", "--no-user-plugins"], directory: folder)
        XCTAssertFalse(r.signaled, "ended by signal \(r.status): \(r.stderr.prefix(500))")
        // 12 templates x 16 number texts (a case each, then 18 evaluations when accepted),
        // and 18 x 18 pairs of numbers (the 16 and Lua's integer bounds) with 8 cases each,
        // then up to 18 evaluations: at least the cases that do not depend on acceptance,
        // 12·16 + 18·18·8 = 2,784.
        let count = r.stderr.split(separator: "\n").first { $0.hasPrefix("cases: ") }.flatMap {
            Int($0.dropFirst(7))
        }
        XCTAssertGreaterThanOrEqual(count ?? 0, 2_784, r.stderr)
    }

    /// A scene of one layer with `animation` on it.
    static func script(_ animation: String) -> String {
        """
        local l = layer{name = "a", position = point(0, 0), bounds = rect(0, 0, 10, 10), opacity = 1}
        l:add(\(animation))

        """
    }

    /// A scene of one layer per animation, each made and added inside pcall.
    static func guarded(_ animations: [String]) -> String {
        var text = ""
        for (i, a) in animations.enumerated() {
            text += """
                pcall(function()
                  local l = layer{name = "l\(i)", position = point(0, 0), bounds = rect(0, 0, 10, 10), opacity = 1}
                  l:add(\(a))
                end)

                """
        }
        return text
    }
}
