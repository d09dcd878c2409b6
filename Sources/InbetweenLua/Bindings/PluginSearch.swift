import Foundation

/// Where plugins are found, in load order (a later plugin wins a name clash, so users can
/// override what ships): the shipped `plugins/`, the user's folder
/// (`$XDG_CONFIG_HOME/inbetween/plugins` or `~/.config/inbetween/plugins`), each folder of
/// `INBETWEEN_PLUGIN_PATH` (colon-separated), then each `--plugins DIR`.
public struct PluginSearch: Sendable {
    public var extraDirectories: [String] = []
    /// false for reproducible runs (`--no-user-plugins`): only shipped and `--plugins` folders.
    public var includeUserAndEnvironment = true
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    /// The shipped folder: `$INBETWEEN_HOME/plugins`, else `plugins/` beside the executable
    /// (an installed layout), else the source tree this binary was built from.
    public static var shippedDirectory: String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let home = ProcessInfo.processInfo.environment["INBETWEEN_HOME"] {
            candidates.append(home + "/plugins")
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(exe.deletingLastPathComponent().appendingPathComponent("plugins").path)
        // Sources/InbetweenLua/Bindings/PluginSearch.swift -> the repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent("plugins").path)
        var isDir: ObjCBool = false
        return candidates.first { fm.fileExists(atPath: $0, isDirectory: &isDir) && isDir.boolValue }
    }

    public func directories() -> [(directory: String, origin: String)] {
        var out: [(String, String)] = []
        if let shipped = PluginSearch.shippedDirectory { out.append((shipped, "shipped")) }
        if includeUserAndEnvironment {
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                ?? (environment["HOME"].map { $0 + "/.config" } ?? "")
            if !config.isEmpty { out.append((config + "/inbetween/plugins", "user")) }
            for dir in (environment["INBETWEEN_PLUGIN_PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
                out.append((String(dir), "INBETWEEN_PLUGIN_PATH"))
            }
        }
        for dir in extraDirectories { out.append((dir, "--plugins")) }
        return out
    }

    /// The `.lua` files of each folder, sorted by name; missing folders are skipped.
    public func files() -> [String] {
        var seen = Set<String>()
        var files: [String] = []
        for (dir, _) in directories() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { continue }
            for name in names.sorted() where name.hasSuffix(".lua") {
                let path = (dir as NSString).appendingPathComponent(name)
                let key = URL(fileURLWithPath: path).standardizedFileURL.path
                if seen.insert(key).inserted { files.append(path) }
            }
        }
        return files
    }
}
