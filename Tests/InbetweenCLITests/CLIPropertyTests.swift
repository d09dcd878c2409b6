import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI
@testable import InbetweenEngine

/// The built CLI run with random argument lists drawn from the option table (every command,
/// every option, in any order, values from a pool of awkward ones: empty, `-`, one character,
/// huge, negative, NaN, infinities, unicode, wrong words), asserting what must hold whatever
/// the arguments:
/// - the process exits (no signal: no trap, no crash);
/// - the status is 0, 1 or 2;
/// - a non-zero status comes with stderr starting `inbetween:`;
/// - no staging file or other stray file is left, and the input files are untouched.
///
/// Bounded for the normal test run: 200 runs from a fixed seed (well under a minute);
/// `INBETWEEN_PROPERTY_RUNS=N` and `INBETWEEN_PROPERTY_SEED=S` run more or others. A failure
/// prints the seed and the arguments to replay it.
final class CLIPropertyTests: XCTestCase {
    static let scene = """
        local l = layer{name = "l"}
        l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.5})

        """
    static let easing = "return function(t) return t * t end\n"

    /// Values for any option or operand: awkward ones first, then the fixture files.
    static let values: [String] = [
        "", "-", "a", "é", "日本", "0", "1", "2", "-1", "-0", "0.5", "17", "18", "1e308", "-1e308", "nan",
        "NaN", "inf", "-inf", "0x10", "1,2", "0,0.5,1", "1/2", "2/1", "0/0", "512M", "1G", "--", "--help",
        "-o", "--fps", "=", "a=b", String(repeating: "9", count: 400), String(repeating: "x", count: 5000),
        "scene.lua", "easing.lua", "missing.lua", "bounceOut", "easeInEaseOut", "spring(1, 100, 10, 0)",
        "cubic-bezier(0.3, 2, 0.7, -1)", "steps(4)", "out.json", "out", "sub/out.csv", ".",
        "json", "csv", "css", "swift", "svg", "man", "bash", "run", "plot",
    ]

    private var folder: URL!
    private let fixtures = ["easing.lua", "scene.lua"]

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-property")
    }

    private func resetFolder() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        try Self.scene.write(
            to: folder.appendingPathComponent("scene.lua"), atomically: false, encoding: .utf8)
        try Self.easing.write(
            to: folder.appendingPathComponent("easing.lua"), atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    }

    private func randomValue(for option: OptionSpec?, _ rng: inout SplitMix64) -> String {
        if let words = option?.choices, Bool.random(using: &rng) { return words.randomElement(using: &rng)! }
        return Self.values.randomElement(using: &rng)!
    }

    /// An argument list for `spec`: some of its options (now and then one it does not have,
    /// or one given twice) with values, and operands, shuffled together.
    private func randomArguments(_ spec: CommandSpec, _ rng: inout SplitMix64) -> [String] {
        var groups: [[String]] = []
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let option: OptionSpec
            switch Int.random(in: 0..<20, using: &rng) {
            case 0:
                option = OptionSpec(
                    name: ["--bogus", "-z", "--fp", "-"].randomElement(using: &rng)!, help: "")
            default:
                guard let pick = spec.options.randomElement(using: &rng) else { continue }
                option = pick
            }
            let spelling = option.spellings.randomElement(using: &rng)!
            if option.takesValue || Int.random(in: 0..<10, using: &rng) == 0 {
                let value = randomValue(for: option, &rng)
                groups.append(Bool.random(using: &rng) ? [spelling, value] : ["\(spelling)=\(value)"])
            } else {
                groups.append([spelling])
            }
        }
        // Usually a sensible operand, so that the runs get past parsing into the commands.
        let operands: [String]
        switch spec.name {
        case "run": operands = ["scene.lua", "-", "easing.lua"]
        case "curve", "plot":
            operands = ["bounceOut", "easing.lua", "-", "scene.lua", "spring(1, 100, 10, 0)"]
        case "batch": operands = ["scene.lua", "."]
        default: operands = []
        }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let operand =
                operands.isEmpty || Int.random(in: 0..<4, using: &rng) == 0
                ? Self.values.randomElement(using: &rng)! : operands.randomElement(using: &rng)!
            groups.append([operand])
        }
        // Batch needs -o OUTDIR to do anything: give it one most of the time.
        if spec.name == "batch" && Int.random(in: 0..<4, using: &rng) > 0 { groups.append(["-o", "out"]) }
        groups.shuffle(using: &rng)
        return [spec.name] + groups.flatMap { $0 }
    }

    /// Every file under the folder, relative, except what a successful command may create:
    /// an output named by `-o` or batch's out folder (checked by name, not content).
    private func strayFiles() throws -> [String] {
        let all = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        return all.filter { path in
            let name = (path as NSString).lastPathComponent
            return name.contains(".tmp-") || name.hasPrefix(".inbetween-")
                || name.hasPrefix("inbetween-spill")
        }
    }

    func testRandomArgumentListsNeverCrashOrLeaveFiles() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["INBETWEEN_PROPERTY_RUNS"].flatMap(Int.init) ?? 200
        let seed = environment["INBETWEEN_PROPERTY_SEED"].flatMap(UInt64.init) ?? 20_261_201
        var rng = SplitMix64(seed: seed)  // the engine's seeded generator
        // batch starts worker processes: drawn less often, as it is slower per run.
        let commands =
            CommandTable.visibleCommands + CommandTable.visibleCommands.filter { $0.name != "batch" }
        var statuses: [Int32: Int] = [:]
        for i in 0..<runs {
            try resetFolder()
            let spec = commands.randomElement(using: &rng)!
            let arguments = Array(randomArguments(spec, &rng).dropFirst())
            let stdin = [Self.scene, Self.easing, ""].randomElement(using: &rng)!
            let label =
                "seed \(seed) run \(i): inbetween \(([spec.name] + arguments).map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 })"
            let r = try CLIProcess.run(
                [spec.name] + arguments + ["--no-user-plugins"].filter { _ in spec.name != "help" },
                stdin: Data(stdin.utf8), environment: ["INBETWEEN_TEST_PROPERTY": "1"],
                directory: folder)
            statuses[r.status, default: 0] += 1
            XCTAssertFalse(r.signaled, "\(label): ended by signal \(r.status)")
            XCTAssertTrue([0, 1, 2].contains(r.status), "\(label): status \(r.status)")
            if r.status != 0 {
                XCTAssertTrue(r.stderr.hasPrefix("inbetween:"), "\(label): stderr \(r.stderr.prefix(300))")
            }
            XCTAssertEqual(try strayFiles(), [], label)
            // A fixture changes only when -o named it (and it was not an input of that run:
            // OutputTargetTests checks the refusal).
            let outputs =
                zip(arguments, arguments.dropFirst()).filter { $0.0 == "-o" }.map(\.1)
                + arguments.filter { $0.hasPrefix("-o") && $0.count > 2 }.map {
                    String($0.dropFirst($0.hasPrefix("-o=") ? 3 : 2))
                }
            for (name, text) in [("scene.lua", Self.scene), ("easing.lua", Self.easing)]
            where !outputs.contains(name) {
                let now = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                XCTAssertEqual(now, text, "\(label): \(name) changed")
            }
        }
        // The draw must reach the commands, not only the parser: some runs succeed, some fail.
        XCTAssertGreaterThan(statuses[0, default: 0], runs / 20, "\(statuses)")
        XCTAssertGreaterThan(statuses[1, default: 0], runs / 50, "\(statuses)")
        XCTAssertGreaterThan(statuses[2, default: 0], runs / 20, "\(statuses)")
    }
}
