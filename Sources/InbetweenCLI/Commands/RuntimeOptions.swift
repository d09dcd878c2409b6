import Foundation
import Inbetween
import InbetweenLua

/// Options every command that runs Lua shares: plugin folders, `--no-user-plugins` for
/// reproducible runs, `--trusted` for the full standard library, and the limits
/// (`--max-instructions`, `--max-memory`, `--timeout`, `--max-frames`, `--max-script-size`;
/// 0 turns one off).
struct RuntimeOptions {
    var search = PluginSearch()
    var trusted = false
    var limits = LuaLimits.defaults
    /// The smallest `--max-memory` other than 0 (see its check below).
    static let minimumMemory = 256 * 1024
    /// The largest script, module or plugin file read (`--max-script-size`, 0 = no limit).
    var maximumScriptSize = LuaHost.defaultMaximumFileSize

    init(_ args: inout Arguments) throws {
        for dir in args.values("--plugins") {
            // A folder that is not there is a mistake (a typo would otherwise load nothing,
            // silently); an error like `cat` on a missing file (exit 1), naming the option.
            var info = stat()
            guard stat(dir, &info) == 0 else {
                throw CommandError(
                    "--plugins \(dir): cannot open the folder (\(String(cString: strerror(errno))))")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw CommandError("--plugins \(dir): not a folder (give a folder of .lua plugins)")
            }
            search.extraDirectories.append(dir)
        }
        if args.flag("--no-user-plugins") { search.includeUserAndEnvironment = false }
        trusted = args.flag("--trusted")
        let whole = { (v: Double) in v >= 0 && v == v.rounded() && v < 9e18 }
        if let n = try args.number(
            "--max-instructions", rule: whole, ruleText: "a whole number of instructions (0 = no limit)")
        {
            limits.instructions = Int(n)
        }
        if let text = args.option("--max-memory") {
            guard let bytes = ByteCount.parse(text) else {
                throw UsageError(
                    "option --max-memory needs a size in bytes such as 512M, 1G or 64K (0 = no limit), got '\(text)'"
                )
            }
            // Found by CLIPropertyTests: a state limited below about 130 KiB (measured) cannot
            // open its libraries and prelude, and creating it crashed. Twice that is the floor.
            guard bytes == 0 || bytes >= RuntimeOptions.minimumMemory else {
                throw UsageError(
                    "option --max-memory needs 0 (no limit) or at least 256K (the Lua state and its prelude need about 130K), got '\(text)'"
                )
            }
            limits.memory = bytes
        }
        if let s = try args.number(
            "--timeout", rule: { $0 >= 0 }, ruleText: "a number of seconds (0 = no limit)")
        {
            limits.seconds = s
        }
        if let n = try args.number(
            "--max-frames", rule: whole, ruleText: "a whole number of frames (0 = no limit)")
        {
            limits.frames = Int(n)
        }
        if let text = args.option("--max-script-size") {
            guard let bytes = ByteCount.parse(text) else {
                throw UsageError(
                    "option --max-script-size needs a size in bytes such as 8M or 512K (0 = no limit), got '\(text)'"
                )
            }
            maximumScriptSize = bytes
        }
    }

    /// The same options as command-line arguments, for batch workers. Every option parsed
    /// above must be forwarded here, or workers would run with different settings.
    var arguments: [String] {
        var list: [String] = []
        for dir in search.extraDirectories { list += ["--plugins", dir] }
        if !search.includeUserAndEnvironment { list.append("--no-user-plugins") }
        if trusted { list.append("--trusted") }
        list += [
            "--max-instructions", String(limits.instructions), "--max-memory", String(limits.memory),
            "--timeout", String(limits.seconds), "--max-frames", String(limits.frames),
            "--max-script-size", String(maximumScriptSize),
        ]
        return list
    }

    /// A runtime with the plugins loaded, inside a budget that lasts until the process ends
    /// (plugins are untrusted code too; a batch worker ends it and opens one per job instead);
    /// plugin failures and clashes are reported on stderr as warnings (the other plugins still
    /// load) unless `reportFailures` is false.
    func makeRuntime(verbose: Bool = false, reportFailures: Bool = true) throws -> Runtime {
        let runtime = try Runtime(memoryLimit: limits.memory, trusted: trusted)
        runtime.host.limits = limits
        // Never deallocated: closing the state would run the script's finalizers outside
        // any budget, where a looping __gc would hang the exit. The process exit frees it.
        CLI.activeRuntime = runtime
        runtime.host.maximumFileSize = maximumScriptSize
        // Each plugin file loads in a budget of its own (loadPlugins); the script gets a fresh one.
        let report = runtime.loadPlugins(search)
        if let stop = RuntimeOptions.setUpStop(report.failures) { throw stop }
        try runtime.host.beginBudget()
        for (folder, reason) in report.unreadableFolders where reportFailures {
            Diagnostics.write(
                "inbetween: warning: plugin folder \(folder) skipped: cannot read it (\(reason))")
        }
        for failure in report.failures where reportFailures {
            Diagnostics.write("inbetween: warning: plugin failed: \(failure.positionedMessage)")
        }
        if verbose {
            for clash in report.clashes { Diagnostics.write("inbetween: note: \(clash.description)") }
        }
        return runtime
    }
}

extension RuntimeOptions {
    /// The failure that ends the command before it starts: Ctrl-C while the plugins load, or a
    /// limit hit in the host's own Lua or a shipped plugin (both load well within the default
    /// limits, so the limit is too small for the set-up; a user's plugin that loops stays a
    /// warning and the others load).
    static func setUpStop(_ failures: [LuaError]) -> LuaError? {
        let shipped = PluginSearch.shippedDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        // The built-in copies are named plugins/NAME.lua (PluginLoader).
        let builtIn = Set(PluginSearch.builtInPlugins.map { "plugins/\($0.name).lua" })
        for failure in failures {
            if failure.kind == .interrupted { return failure }
            guard failure.kind == .limit else { continue }
            let place = failure.chunk ?? "?"
            guard
                place.hasPrefix("[inbetween") || builtIn.contains(place)
                    || shipped.map({ place.hasPrefix($0) }) == true
            else { continue }
            let at = failure.line.map { "\(place):\($0)" } ?? place
            return LuaError(
                kind: .limit, message: "\(failure.message) while loading the plugins (at \(at))",
                limit: failure.limit)
        }
        return nil
    }
}

/// `512M`, `1G`, `64K`, `1048576`, `1.5G`: binary multiples (K = 1024), an optional `B`/`iB`.
enum ByteCount {
    static func parse(_ text: String) -> Int? {
        var digits = text.uppercased()
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits.removeLast(suffix.count)
            break
        }
        var scale = 1.0
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][String(last)] {
            scale = pow(1024, Double(power))
            digits.removeLast()
        }
        guard let v = Double(digits), v.isFinite, v >= 0, v * scale < 9e18 else { return nil }
        return Int(v * scale)
    }
}
