import CLua
import CLuaSupport
import Foundation

/// What loading the plugins found: every failure is kept (file, line, message) and the
/// others still load.
package struct PluginReport: Sendable {
    package struct Clash: Hashable, Sendable {
        package var kind: String, name: String, winner: String, winnerFile: String, loser: String,
            loserFile: String
        /// "easing 'bounceOut': mine (/p/mine.lua) overrides penner (plugins/penner.lua), loaded later"
        package var description: String {
            "\(kind) '\(name)': \(winner) (\(winnerFile)) overrides \(loser) (\(loserFile)), loaded later"
        }
    }
    package var loaded: [String] = []
    package var failures: [LuaError] = []
    /// Plugin folders that are there but cannot be read, and why: their plugins are missing.
    package var unreadableFolders: [(folder: String, reason: String)] = []
    package var clashes: [Clash] = []
}

extension Runtime {
    /// Loads every plugin file found by `search`, in order. A file that fails — an error, a
    /// limit hit while it loads (each file loads in a budget of its own, under the same limits
    /// as a script), a file that cannot be read — is reported with its file and skipped; one
    /// whose `requires` names a plugin not loaded yet is retried after the rest. Then the
    /// registries are frozen: scripts add to layers of their own.
    @discardableResult
    package func loadPlugins(_ search: PluginSearch) -> PluginReport {
        let directories = search.directories()
        pluginDirectories = directories.map(\.directory)
        var report = PluginReport()
        for dir in pluginDirectories {
            if let reason = PluginSearch.readProblem(dir) { report.unreadableFolders.append((dir, reason)) }
        }
        let builtIn = search.usesBuiltInPlugins(directories) ? PluginSearch.builtInPlugins : []
        var pending =
            builtIn.indices.map { PluginFile.builtIn($0) }
            + search.files(in: pluginDirectories).map { PluginFile.file($0) }
        var waitingFor: [String: String] = [:]
        while !pending.isEmpty {
            var next: [PluginFile] = []
            for plugin in pending {
                let file = plugin.name(builtIn)
                do {
                    if let missing = try loadPlugin(plugin, builtIn) {
                        next.append(plugin)
                        waitingFor[file] = missing
                    } else {
                        report.loaded.append(file)
                    }
                } catch {
                    var e = error
                    if e.chunk == nil, e.kind != .file { e.chunk = file }
                    report.failures.append(e)
                }
            }
            if next.count == pending.count {
                for file in next.map({ $0.name(builtIn) }) {
                    report.failures.append(
                        LuaError(
                            kind: .runtime, chunk: file, line: nil,
                            message: "plugin requires '\(waitingFor[file] ?? "?")', which is not loaded"))
                }
                break
            }
            pending = next
        }
        report.clashes = collectClashes()
        freezeRegistries()
        measureBaseline()
        pluginReport = report
        return report
    }

    /// A plugin to load: a file, or one of the shipped plugins built into the binary (by its
    /// index in `PluginSearch.builtInPlugins`), named `plugins/NAME.lua` in messages.
    enum PluginFile {
        case file(String)
        case builtIn(Int)

        func name(_ builtIn: [(name: String, text: UnsafeBufferPointer<CChar>)]) -> String {
            switch self {
            case .file(let path): return path
            case .builtIn(let index): return "plugins/\(builtIn[index].name).lua"
            }
        }
    }

    /// Runs one plugin in an environment of its own and installs what it returns; the name of
    /// a missing required plugin when it has to wait.
    func loadPlugin(
        _ plugin: PluginFile, _ builtIn: [(name: String, text: UnsafeBufferPointer<CChar>)]
    ) throws(LuaError) -> String? {
        let file = plugin.name(builtIn)
        let s = host.stack
        let base = s.top
        try host.beginBudget()
        defer {
            host.endBudget()
            endRun()
            s.top = base
        }
        host.pushRegistry(RegistryKey.install)
        switch plugin {
        case .file(let path):
            try host.load(file: path)
        case .builtIn(let index):
            let text = builtIn[index].text
            var compiledLength = 0
            let compiled = ib_shippedcompiled(text.baseAddress, text.count, &compiledLength)
            try host.load(
                text: text, compiled: compiled, compiledLength: compiledLength, chunkName: "@" + file)
        }
        try enterEnvironment(forPlugin: true)
        if lua_setupvalue(host.L, -2, 1) == nil { s.pop() }
        try host.call(arguments: 0, results: 1)
        s.push(file)
        s.push(Runtime.fallbackPluginName(file))
        try host.call(arguments: 3, results: 2)
        return s.boolean(at: -2) ? nil : (s.string(at: -1) ?? "?")
    }

    /// The name a plugin without `name` gets: its file's base name without the extension,
    /// as NSString's `lastPathComponent` and `deletingPathExtension` make it. A plain ASCII
    /// `DIR/NAME.lua` (every shipped plugin) is cut as bytes: the two NSString calls were
    /// 35K instructions a plugin, 170K of a worker's start (callgrind).
    static func fallbackPluginName(_ file: String) -> String {
        let cut: String? =
            file.utf8.withContiguousStorageIfAvailable { bytes in
                guard !bytes.contains(where: { $0 >= 0x80 }), bytes.last != UInt8(ascii: "/") else {
                    return nil
                }
                let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
                let name = bytes[start...]
                // A leading dot (`.lua`, `..lua`) is not an extension's for NSString: left to it.
                guard name.count > 4, name.first != UInt8(ascii: "."),
                    name.suffix(4).elementsEqual(".lua".utf8)
                else { return nil }
                return String(decoding: name.dropLast(4), as: UTF8.self)
            } ?? nil
        return cut ?? ((file as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    private func freezeRegistries() {
        let s = host.stack
        host.pushRegistry(RegistryKey.plugins)
        s.rawField(-1, "freeze")
        if ib_pcall(host.L, 0, 0, 0) != LUA_OK { s.pop() }
        s.pop()
    }

    func collectClashes() -> [PluginReport.Clash] {
        var out: [PluginReport.Clash] = []
        let s = host.stack
        for kind in ["easing", "springs", "presets"] {
            let base = s.top
            defer { s.top = base }
            pushRegistry(kind)
            s.rawField(-1, "clashes")
            guard ib_pcall(host.L, 0, 1, 0) == LUA_OK, s.type(at: -1) == LUA_TTABLE else { continue }
            for n in 0..<s.rawLength(-1) {
                s.rawIndex(-1, Int64(n + 1))
                func field(_ k: String) -> String {
                    s.rawField(-1, k)
                    defer { s.pop() }
                    return s.string(at: -1) ?? "?"
                }
                let singular = kind == "easing" ? kind : String(kind.dropLast())
                out.append(
                    .init(
                        kind: singular, name: field("name"), winner: field("winner"),
                        winnerFile: field("winnerFile"), loser: field("loser"),
                        loserFile: field("loserFile")))
                s.pop()
            }
        }
        return out
    }
}
