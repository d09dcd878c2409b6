import Foundation
import InbetweenLua

/// Options every command that runs Lua shares: plugin folders, `--no-user-plugins` for
/// reproducible runs, `--trusted` for the full standard library.
struct RuntimeOptions {
    var search = PluginSearch()
    var trusted = false

    init(_ args: inout Arguments) throws {
        while let dir = try args.option("--plugins") { search.extraDirectories.append(dir) }
        if args.flag("--no-user-plugins") { search.includeUserAndEnvironment = false }
        trusted = args.flag("--trusted")
    }

    /// The same options as command-line arguments, for batch workers. Every option parsed
    /// above must be forwarded here, or workers would run with different settings.
    var arguments: [String] {
        var list: [String] = []
        for dir in search.extraDirectories { list += ["--plugins", dir] }
        if !search.includeUserAndEnvironment { list.append("--no-user-plugins") }
        if trusted { list.append("--trusted") }
        return list
    }

    /// A runtime with the plugins loaded; plugin failures and clashes are reported on stderr
    /// as warnings (the other plugins still load) unless `reportFailures` is false.
    func makeRuntime(verbose: Bool = false, reportFailures: Bool = true) throws -> Runtime {
        let runtime = try Runtime(trusted: trusted)
        let report = runtime.loadPlugins(search)
        for failure in report.failures where reportFailures {
            Diagnostics.write("inbetween: warning: plugin failed: \(failure.positionedMessage)")
        }
        if verbose {
            for clash in report.clashes { Diagnostics.write("inbetween: note: \(clash.description)") }
        }
        return runtime
    }
}
