import Foundation
import Inbetween

/// Options every command that runs Lua shares: plugin folders, `--no-user-plugins` for
/// reproducible runs, `--trusted` for the full standard library, and the limits
/// (`--max-instructions`, `--max-memory`, `--timeout`, `--max-frames`, `--max-script-size`;
/// 0 turns one off).
struct RuntimeOptions {
    /// What the host is made with: the options below, parsed.
    var settings = CommandSettings()
    /// The smallest `--max-memory` other than 0 (see its check below).
    static let minimumMemory = 256 * 1024

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
            settings.pluginFolders.append(dir)
        }
        if args.flag("--no-user-plugins") { settings.userPlugins = false }
        settings.trusted = args.flag("--trusted")
        let whole = { (v: Double) in v >= 0 && v == v.rounded() && v < 9e18 }
        if let n = try args.number(
            "--max-instructions", rule: whole, ruleText: "a whole number of instructions (0 = no limit)")
        {
            settings.limits.instructions = Int(n)
        }
        if let text = args.option("--max-memory") {
            guard let bytes = ByteCount.parse(text) else {
                throw UsageError.badValue(
                    option: "--max-memory", rule: "a size in bytes such as 512M, 1G or 64K (0 = no limit)",
                    value: text)
            }
            // Found by CLIPropertyTests: a state limited below about 130 KiB (measured) cannot
            // open its libraries and prelude, and creating it crashed. Twice that is the floor.
            guard bytes == 0 || bytes >= RuntimeOptions.minimumMemory else {
                throw UsageError.badValue(
                    option: "--max-memory",
                    rule: "0 (no limit) or at least 256K (the Lua state and its prelude need about 130K)",
                    value: text)
            }
            settings.limits.memory = bytes
        }
        if let s = try args.number(
            "--timeout", rule: { $0 >= 0 }, ruleText: "a number of seconds (0 = no limit)")
        {
            settings.limits.seconds = s
        }
        if let n = try args.number(
            "--max-frames", rule: whole, ruleText: "a whole number of frames (0 = no limit)")
        {
            settings.limits.frames = Int(n)
        }
        if let text = args.option("--max-script-size") {
            guard let bytes = ByteCount.parse(text) else {
                throw UsageError.badValue(
                    option: "--max-script-size", rule: "a size in bytes such as 8M or 512K (0 = no limit)",
                    value: text)
            }
            settings.limits.scriptSize = bytes
        }
    }

    /// The same options as command-line arguments, for batch workers. Every option parsed
    /// above must be forwarded here, or workers would run with different settings.
    var arguments: [String] {
        var list: [String] = []
        for dir in settings.pluginFolders { list += ["--plugins", dir] }
        if !settings.userPlugins { list.append("--no-user-plugins") }
        if settings.trusted { list.append("--trusted") }
        let limits = settings.limits
        list += [
            "--max-instructions", String(limits.instructions), "--max-memory", String(limits.memory),
            "--timeout", String(limits.seconds), "--max-frames", String(limits.frames),
            "--max-script-size", String(limits.scriptSize),
        ]
        return list
    }

    var trusted: Bool { settings.trusted }

    /// A host with the plugins loaded, inside a budget that lasts until the process ends
    /// (plugins are untrusted code too; a batch worker ends it and opens one per job instead),
    /// kept by `session` until then; plugin failures and clashes are reported on stderr as
    /// warnings (the other plugins still load) unless `reportFailures` is false.
    func makeHost(in session: CommandSession, verbose: Bool = false, reportFailures: Bool = true) throws
        -> CommandHost
    {
        let host = try CommandHost(settings)
        session.keep(host)
        // Each plugin file loaded in a budget of its own; the script gets a fresh one.
        try host.begin()
        for (folder, reason) in host.unreadablePluginFolders where reportFailures {
            Diagnostics.write(
                "inbetween: warning: plugin folder \(folder) skipped: cannot read it (\(reason))")
        }
        for failure in host.pluginFailures where reportFailures {
            Diagnostics.write("inbetween: warning: plugin failed: \(failure.description)")
        }
        if verbose {
            for clash in host.pluginClashes { Diagnostics.write("inbetween: note: \(clash)") }
        }
        return host
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
