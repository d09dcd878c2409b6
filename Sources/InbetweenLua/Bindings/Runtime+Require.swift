import CLua
import CLuaSupport
import Foundation

extension Runtime {
    /// `require(name)` inside the sandbox: `name.lua` (dots as folders) from the running
    /// script's folder or the plugin folders only, loaded as text (bounded like scripts), run
    /// once per run in the run's own globals, and cached for that run. A module found through
    /// a symbolic link must still lie inside the folder it was found in.
    func pluginRequire(_ s: LuaStack) throws -> Int32 {
        let name = try s.checkString(1)
        guard name.range(of: "^[A-Za-z0-9_][A-Za-z0-9_.-]*$", options: .regularExpression) != nil,
            !name.contains("..")
        else {
            throw LuaRaise.argument(
                1, "module name may hold letters, digits, '_', '-' and '.', got '\(name)'")
        }
        if host.pushRegistry(RegistryKey.required) != LUA_TTABLE {
            s.pop()
            s.newTable()
            s.pushValue(-1)
            host.setRegistry(RegistryKey.required)
        }
        let cache = s.top
        if s.rawField(cache, name) != LUA_TNIL { return 1 }
        s.pop()
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let folders = (scriptDirectory.map { [$0] } ?? []) + pluginDirectories
        var found: String?
        for folder in folders {
            let candidate = (folder as NSString).appendingPathComponent(relative)
            guard access(candidate, F_OK) == 0 else { continue }
            guard let real = Runtime.realPath(candidate), let realFolder = Runtime.realPath(folder),
                real.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/")
            else {
                throw LuaRaise.message(
                    "module '\(name)' (\(candidate)) leads outside its folder \(folder) through a symbolic link; copy it into the folder instead"
                )
            }
            found = candidate
            break
        }
        guard let path = found else {
            throw LuaRaise.message(
                "module '\(name)' not found in the script's folder or the plugin folders (\(folders.joined(separator: ", ")))"
            )
        }
        requiredFiles.append(path)
        do {
            try host.load(file: path)
        } catch {
            // A file that cannot be read has no line to show: name where the script asked for it.
            let e: LuaError = error
            if e.kind == .file { throw LuaRaise.message(e.message) }
            throw e
        }
        // The module shares the globals of the run that requires it, as in plain Lua.
        host.pushRegistry(RegistryKey.run)
        if s.rawField(-1, "env") == LUA_TTABLE {
            clua_remove(host.L, -2)
            if lua_setupvalue(host.L, -2, 1) == nil { s.pop() }
        } else {
            s.pop(2)
        }
        s.push(name)
        try host.callNested(arguments: 1, results: 1)
        if s.type(at: -1) == LUA_TNIL {
            s.pop()
            s.push(true)
        }
        s.pushValue(-1)
        s.setRawField(cache, name)
        return 1
    }

    /// The path with every symbolic link resolved, or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
