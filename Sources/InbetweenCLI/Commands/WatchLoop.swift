import Foundation
import Inbetween

/// `--watch`: runs a command's work, then runs it again whenever a file it read changes — the
/// script, a module it `require`d, a plugin file (or a plugin folder gains or loses one).
/// Polling modification times keeps it portable and needs no file-system events; a change is
/// seen within `pollInterval`. An attempt that fails is reported (`file:line: message`) and the
/// loop goes on: the outputs are written atomically by ByteSink, so the last good ones stay.
/// Ctrl-C ends the loop with status 130.
final class WatchLoop {
    /// Seconds between looks at the files: a change shows well within a second.
    static let pollInterval = 0.2

    /// Files the current attempt read (an attempt adds the modules it required).
    private var files: Set<String>
    /// Files looked up again on every poll (plugin folders' contents).
    private let dynamicFiles: () -> [String]
    private let verbose: Bool
    /// Holds each attempt's host, whose warnings are reported after the attempt.
    private let session: CommandSession

    init(
        files: [String], dynamicFiles: @escaping () -> [String] = { [] }, verbose: Bool = false,
        session: CommandSession
    ) {
        self.files = Set(files)
        self.dynamicFiles = dynamicFiles
        self.verbose = verbose
        self.session = session
    }

    /// Adds files to watch from inside an attempt (its required modules).
    func watch(_ more: [String]) { files.formUnion(more) }

    /// Runs `attempt` now and after every change, until interrupted.
    func run(_ attempt: () throws -> Void) -> Int32 {
        while true {
            // Stamps taken before the attempt: an edit made while it runs starts another one.
            let before = stamps()
            do {
                try attempt()
            } catch {
                WatchLoop.report(error, verbose: verbose)
            }
            session.reportWarnings()
            var seen = before
            // Files the attempt added are compared from their state after it, so a module read
            // for the first time does not trigger a second run by itself.
            for (path, stamp) in stamps() where seen[path] == nil { seen[path] = stamp }
            while stamps() == seen {
                if CommandInterrupts.interrupted { return 130 }
                Thread.sleep(forTimeInterval: WatchLoop.pollInterval)
            }
            if CommandInterrupts.interrupted { return 130 }
        }
    }

    /// What identifies a version of a file: its modification time, size and inode (an editor
    /// that saves by renaming a new file into place changes the inode); nil when missing.
    struct Stamp: Hashable {
        var seconds: Int, nanoseconds: Int, size: Int64, inode: UInt64
    }

    private func stamps() -> [String: Stamp?] {
        var out: [String: Stamp?] = [:]
        for path in files.union(dynamicFiles()) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                out[path] = .some(nil)
                continue
            }
            // The modification time is st_mtim in glibc's stat, st_mtimespec in Darwin's.
            #if canImport(Darwin)
                let modified = info.st_mtimespec
            #else
                let modified = info.st_mtim
            #endif
            out[path] = Stamp(
                seconds: modified.tv_sec, nanoseconds: modified.tv_nsec, size: Int64(info.st_size),
                inode: UInt64(info.st_ino))
        }
        return out
    }

    /// The same words CLI.dispatch uses for each kind of error.
    static func report(_ error: Error, verbose: Bool) {
        switch error {
        case let e as ScriptError: Diagnostics.report(e, verbose: verbose)
        case let e as UsageError: Diagnostics.report(e)
        case let e as CommandError: Diagnostics.report(message: e.description)
        case let e as OutputError: Diagnostics.report(message: e.description)
        default: Diagnostics.report(message: String(describing: error))
        }
    }
}

extension WatchLoop {
    /// A command's work once, or with `--watch` again after every change. `work` gets a fresh
    /// host each time: a script that ran has changed its Lua state, and a new run must not
    /// see that.
    static func perform(
        watch: Bool, files: [String], output: String?, options: RuntimeOptions, session: CommandSession,
        verbose: Bool = CLI.verbose, _ work: (CommandHost) throws -> Void
    ) throws -> Int32 {
        guard watch else {
            try work(try options.makeHost(in: session, verbose: verbose))
            return 0
        }
        guard let output, output != "-" else {
            throw UsageError("--watch needs -o FILE (each run replaces the file; standard output cannot be)")
        }
        let loop = WatchLoop(
            files: files, dynamicFiles: { options.settings.pluginFiles() }, verbose: verbose, session: session
        )
        return loop.run {
            let host = try options.makeHost(in: session, verbose: verbose)
            defer {
                loop.watch(host.requiredFiles)
                // The limits cover one attempt: while the loop waits no budget is running, so
                // Ctrl-C finds nothing to stop but the loop, which ends with 130.
                host.endBudget()
            }
            try work(host)
            Diagnostics.write("inbetween: wrote \(output)")
        }
    }
}
