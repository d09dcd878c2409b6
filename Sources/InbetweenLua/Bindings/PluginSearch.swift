import CLuaSupport
import Foundation

/// Where plugins are found, in load order (a later plugin wins a name clash, so users can
/// override what ships): the shipped `plugins/` (a folder found from the executable, else the
/// copies built into the binary), the user's folder
/// (`$XDG_CONFIG_HOME/inbetween/plugins` or `~/.config/inbetween/plugins`), each folder of
/// `INBETWEEN_PLUGIN_PATH` (colon-separated), then each `--plugins DIR`.
///
/// POSIX calls (getenv, stat, realpath, readdir) rather than ProcessInfo, URL and FileManager:
/// this runs at every start-up, and the Foundation versions cost about a millisecond there
/// (the whole environment copied into a dictionary, URL parsing, type metadata built at run
/// time on first use).
package struct PluginSearch: Sendable {
    package var extraDirectories: [String] = []
    /// false for reproducible runs (`--no-user-plugins`): only shipped and `--plugins` folders.
    package var includeUserAndEnvironment = true
    /// false for a host that loads only the folders it names.
    package var includeShipped = true
    /// Whether the shipped plugins are looked for in a folder first (`shippedDirectory`: the
    /// command line, where an installed or checked-out `plugins/` may be edited and watched);
    /// the copies built into the binary are used when none is found, or always when false (a
    /// library host, see `InbetweenHost`).
    package var searchesShippedFolder = true
    /// The variables the search reads; nil reads the process's own (the default).
    package var environment: [String: String]?

    package init() {}

    /// The shipped folder, found from the executable, never from a path compiled into it (a
    /// copied or installed binary must not reach back into the checkout it was built in):
    /// `$INBETWEEN_HOME/plugins`; else `PREFIX/share/inbetween/plugins` for an executable in
    /// `PREFIX/bin` (scripts/install's layout); else `plugins/` beside the executable; else,
    /// for a binary inside a checkout's `.build` folder, that checkout's `plugins/`.
    package static var shippedDirectory: String? {
        var candidates: [String] = []
        if let home = PluginSearch.variable("INBETWEEN_HOME", in: nil) {
            candidates.append(home + "/plugins")
        }
        if let exe = executable() ?? CommandLine.arguments.first.flatMap(realPath) {
            let folder = parent(exe)
            candidates.append(parent(folder) + "/share/inbetween/plugins")
            candidates.append(folder + "/plugins")
            if let checkout = enclosingCheckout(of: folder) { candidates.append(checkout + "/plugins") }
        }
        return candidates.first(where: isDirectory)
    }

    /// The checkout whose `.build` holds `folder` (`ROOT/.build/x86_64-unknown-linux-gnu/debug`).
    private static func enclosingCheckout(of folder: String) -> String? {
        guard let range = folder.range(of: "/.build/", options: .backwards) else { return nil }
        let root = String(folder[..<range.lowerBound])
        return isDirectory(root + "/Sources/InbetweenLua") ? root : nil
    }

    package func directories() -> [(directory: String, origin: String)] {
        var out: [(String, String)] = []
        if includeShipped, searchesShippedFolder, let shipped = PluginSearch.shippedDirectory {
            out.append((shipped, "shipped"))
        }
        if includeUserAndEnvironment {
            let config =
                variable("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 }
                ?? (variable("HOME").map { $0 + "/.config" } ?? "")
            if !config.isEmpty { out.append((config + "/inbetween/plugins", "user")) }
            for dir in (variable("INBETWEEN_PLUGIN_PATH") ?? "").split(separator: ":") where !dir.isEmpty {
                out.append((String(dir), "INBETWEEN_PLUGIN_PATH"))
            }
        }
        for dir in extraDirectories { out.append((dir, "--plugins")) }
        return out
    }

    /// Whether the built-in copies of the shipped plugins load, ahead of the folders of
    /// `directories` (what `directories()` gave): when the shipped plugins are asked for and
    /// no shipped folder is among them.
    package func usesBuiltInPlugins(_ directories: [(directory: String, origin: String)]) -> Bool {
        includeShipped && !directories.contains { $0.origin == "shipped" }
    }

    /// The shipped plugins built into the binary (`CLuaSupport/hostsources.c`), in load
    /// order: each one's name (`penner`) and text, byte for byte the repository's
    /// `plugins/NAME.lua`.
    package static var builtInPlugins: [(name: String, text: UnsafeBufferPointer<CChar>)] {
        var out: [(String, UnsafeBufferPointer<CChar>)] = []
        var length = 0
        while let name = ib_shippedname(out.count), let text = ib_shippedtext(out.count, &length) {
            out.append((String(cString: name), UnsafeBufferPointer(start: text, count: length)))
        }
        return out
    }

    /// The `.lua` files of each folder, sorted by name; missing folders are skipped. A file
    /// reached twice (the same folder listed twice, or through a symbolic link) loads once.
    package func files() -> [String] {
        files(in: directories().map(\.directory))
    }

    /// `files()` of folders already found (`directories()` looks for the shipped folder from
    /// the executable each time it is asked).
    package func files(in directories: [String]) -> [String] {
        // An array, not a Set: a handful of plugins, and Set<String> would be the only user of
        // its type metadata at start-up (built at run time, goal 4).
        var seen: [String] = []
        var files: [String] = []
        for dir in directories {
            guard let names = PluginSearch.fileNames(in: dir) else { continue }
            // realpath(DIR/NAME) is realpath(DIR)/NAME when NAME is no symbolic link: the
            // folder resolved once, each file checked with one lstat, where realpath of each
            // file read every component of its path again (glibc's realpath is a readlink per
            // component: 66 system calls at a worker's start for the shipped plugins).
            let resolvedDir = PluginSearch.realPath(dir).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            for name in names.sorted() where name.hasSuffix(".lua") {
                let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                var info = stat()
                let plain = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFLNK
                let key = (plain ? resolvedDir.map { $0 + name } : nil) ?? PluginSearch.realPath(path) ?? path
                if !seen.contains(key) {
                    seen.append(key)
                    files.append(path)
                }
            }
        }
        return files
    }

    /// Why a plugin folder that is there cannot be read ("not a folder", "Permission
    /// denied"), or nil when it can be or is not there at all (a missing user folder is normal).
    package static func readProblem(_ dir: String) -> String? {
        var info = stat()
        guard stat(dir, &info) == 0 else { return errno == ENOENT ? nil : String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "not a folder" }
        guard let stream = opendir(dir) else { return String(cString: strerror(errno)) }
        closedir(stream)
        return nil
    }

    private func variable(_ name: String) -> String? { PluginSearch.variable(name, in: environment) }

    private static func variable(_ name: String, in environment: [String: String]?) -> String? {
        if let environment { return environment[name] }
        return getenv(name).map { String(cString: $0) }
    }

    private static func fileNames(in dir: String) -> [String]? {
        guard let stream = opendir(dir) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The running executable, resolved (CLuaSupport's executable.c; nil where the platform
    /// cannot tell, and argv[0] is tried instead).
    private static func executable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = ib_executablepath(&buffer, buffer.count)
        guard n > 0 else { return nil }
        return realPath(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
