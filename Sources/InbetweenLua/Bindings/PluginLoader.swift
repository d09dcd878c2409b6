import CLua
import Foundation

/// What loading the plugins found: every failure is kept (file, line, message) and the
/// others still load.
public struct PluginReport: Sendable {
    public struct Clash: Hashable, Sendable {
        public var kind: String, name: String, winner: String, winnerFile: String, loser: String, loserFile: String
        /// "easing 'bounceOut': mine (/p/mine.lua) overrides penner (plugins/penner.lua), loaded later"
        public var description: String {
            "\(kind) '\(name)': \(winner) (\(winnerFile)) overrides \(loser) (\(loserFile)), loaded later"
        }
    }
    public var loaded: [String] = []
    public var failures: [LuaError] = []
    public var clashes: [Clash] = []
}

extension Runtime {
    /// Loads every plugin file found by `search`, in order. A file that fails is reported and
    /// skipped; one whose `requires` names a plugin not loaded yet is retried after the rest.
    @discardableResult
    public func loadPlugins(_ search: PluginSearch) -> PluginReport {
        pluginDirectories = search.directories().map(\.directory)
        var report = PluginReport()
        var pending = search.files()
        var waitingFor: [String: String] = [:]
        while !pending.isEmpty {
            var next: [String] = []
            for file in pending {
                do {
                    if let missing = try loadPlugin(file) {
                        next.append(file)
                        waitingFor[file] = missing
                    } else {
                        report.loaded.append(file)
                    }
                } catch {
                    report.failures.append(error)
                }
            }
            if next.count == pending.count {
                for file in next {
                    report.failures.append(LuaError(kind: .runtime, chunk: file, line: nil,
                        message: "plugin requires '\(waitingFor[file] ?? "?")', which is not loaded"))
                }
                break
            }
            pending = next
        }
        report.clashes = collectClashes()
        pluginReport = report
        return report
    }

    /// Runs one plugin file and installs what it returns; the name of a missing required
    /// plugin when it has to wait.
    func loadPlugin(_ file: String) throws(LuaError) -> String? {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        host.stack.push("inbetween.install")
        lua_rawget(host.L, clua_registryindex())
        try host.load(file: file)
        try host.call(arguments: 0, results: 1)
        s.push(file)
        s.push(((file as NSString).lastPathComponent as NSString).deletingPathExtension)
        do {
            try host.call(arguments: 3, results: 2)
        } catch {
            var e = error
            if e.chunk == nil { e.chunk = file }
            throw e
        }
        return s.boolean(at: -2) ? nil : (s.string(at: -1) ?? "?")
    }

    func collectClashes() -> [PluginReport.Clash] {
        var out: [PluginReport.Clash] = []
        let s = host.stack
        for (kind, global) in [("easing", "easing"), ("spring", "springs"), ("preset", "presets")] {
            // Back to here after each kind, not pop(2): a call that failed (a limit that fired
            // while loading, found by CLIPropertyTests) leaves no result to pop.
            let base = s.top
            defer { s.top = base }
            host.getGlobal(global)
            if kind == "easing" {
                s.rawField(-1, "clashes")
                _ = try? host.call(arguments: 0, results: 1)
            } else {
                s.rawField(-1, "clashes")
            }
            if s.type(at: -1) == LUA_TTABLE {
                for n in 0..<s.rawLength(-1) {
                    s.rawIndex(-1, Int64(n + 1))
                    func field(_ k: String) -> String {
                        s.rawField(-1, k)
                        defer { s.pop() }
                        return s.string(at: -1) ?? "?"
                    }
                    out.append(.init(kind: kind, name: field("name"), winner: field("winner"),
                                     winnerFile: field("winnerFile"), loser: field("loser"),
                                     loserFile: field("loserFile")))
                    s.pop()
                }
            }
        }
        return out
    }
}
