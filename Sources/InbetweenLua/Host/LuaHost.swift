import CLua
import CLuaSupport
import Foundation

/// Owns one `lua_State`. Every entry into Lua is a protected call (`ib_pcall`) with a message
/// handler that adds a traceback; errors come back as `LuaError` values. Not thread-safe: use
/// one host per thread.
package final class LuaHost {
    /// The thread Swift code works on: the main state, or the coroutine whose call into a
    /// Swift function is running (see `luaFunctionEntry`), so that bindings read their own
    /// arguments when called inside a coroutine.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // `L` is what Lua's C API and manual call the state.
    // Unchecked: read on every call into Lua (an easing's, once per frame), and only ever
    // read and written on the host's own thread, never while a reference to it is held.
    @exclusivity(unchecked) package internal(set) var L: OpaquePointer
    package let mainState: OpaquePointer
    var storedLimits = LuaLimits.none
    package var stack: LuaStack { LuaStack(L) }
    /// Swift functions handed to Lua stay alive as long as the state.
    private var functions: [LuaFunctionBox] = []
    /// The first error from callbacks the engine made into Lua (see LuaReference).
    /// Unchecked: the frame loop reads it after every frame, on the host's one thread.
    @exclusivity(unchecked) package var pendingError: LuaError?
    /// Script files loaded, to restore chunk names Lua shortened to "...tail" (LUA_IDSIZE).
    private var loadedFiles: [String] = []
    /// Every file loaded so far (plugins, scripts, required modules), in order: the CLI
    /// refuses to write its output over one of them.
    package var filesLoaded: [String] { loadedFiles }
    /// The same paths, to look one up without comparing it with all of them: a batch worker
    /// loads a new file per job, and the array search was 4% of a thousand-job batch.
    private var loadedFileSet: Set<String> = []

    /// - Parameter memoryLimit: bytes the state may hold (0 = unlimited).
    package init(memoryLimit: Int = 0) throws(LuaError) {
        guard let state = ib_newstate(memoryLimit) else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state")
        }
        self.L = state
        self.mainState = state
        var status = ib_openlibs(state)
        if status == LUA_OK { status = ib_installcoroutines(state) }
        if status != LUA_OK {
            let message = LuaStack(state).string(at: -1) ?? "cannot open the standard libraries"
            ib_close(state)
            throw LuaError(kind: .memory, message: message)
        }
    }

    /// Cleared first thing in deinit: the references that outlive the host see it (LuaReference).
    let liveness = LuaHostLiveness()

    deinit {
        liveness.isAlive = false
        ib_close(mainState)
    }

    package var memoryUsed: Int { ib_memoryused(L) }
    package var memoryLimit: Int {
        get { ib_memorylimit(L) }
        set { ib_setmemorylimit(L, newValue) }
    }

    // MARK: exposing Swift to Lua

    /// Pushes a Lua function that runs `body` (through the C trampoline).
    package func pushFunction(_ name: String, _ body: @escaping LuaFunction) {
        let box = LuaFunctionBox(name: name, host: self, body: body)
        functions.append(box)
        ib_pushswiftfunction(L, luaFunctionEntry, Unmanaged.passUnretained(box).toOpaque(), name)
    }

    /// Pushes the globals table.
    package func pushGlobals() {
        lua_rawgeti(L, clua_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    }

    /// `_G[name] = top` without metamethods, popping the value.
    package func setGlobal(_ name: String) {
        pushGlobals()
        clua_insert(L, -2)
        stack.setRawField(-2, name)
        stack.pop()
    }

    /// Pushes `_G[name]` (raw) and returns its type.
    @discardableResult
    package func getGlobal(_ name: String) -> Int32 {
        pushGlobals()
        let t = stack.rawField(-1, name)
        clua_remove(L, -2)
        return t
    }

    /// A table of Swift functions, left on the stack.
    package func pushLibrary(_ name: String, _ entries: [(String, LuaFunction)]) {
        stack.newTable(fieldCount: Int32(entries.count))
        for (field, body) in entries {
            pushFunction("\(name).\(field)", body)
            stack.setRawField(-2, field)
        }
    }

    /// Registers a table of Swift functions as the global `name` and as `package.loaded[name]`
    /// (as luaL_requiref does), so that Lua's error messages can name its functions
    /// `name.field` when no call-site name is known.
    package func register(library name: String, _ entries: [(String, LuaFunction)]) {
        pushLibrary(name, entries)
        stack.push(LUA_LOADED_TABLE)
        if lua_rawget(L, clua_registryindex()) == LUA_TTABLE {
            stack.pushValue(-2)
            stack.setRawField(-2, name)
        }
        stack.pop()
        setGlobal(name)
    }

    // MARK: running Lua

    /// The largest script, module or plugin file `load(file:)` reads (`--max-script-size`;
    /// 0 = no limit). Far above any real script; a bound so that a huge file (or a link to a
    /// device) fails with a message instead of exhausting memory before any limit applies.
    package var maximumFileSize = LuaHost.defaultMaximumFileSize
    package static let defaultMaximumFileSize = 8 << 20

    /// How many files `filesLoaded` lists: a mark for `forgetFiles(after:)`.
    package var loadedFileCount: Int { loadedFiles.count }

    /// Forgets the files loaded after the first `count` (a finished run's script and modules):
    /// a batch worker loads a new script per job, and kept every path for its whole life.
    package func forgetFiles(after count: Int) {
        guard count < loadedFiles.count else { return }
        for path in loadedFiles[count...] { loadedFileSet.remove(path) }
        loadedFiles.removeSubrange(count...)
    }

    /// Loads a script file as a text chunk named after its path (so messages read
    /// `path:line: ...`) and pushes it. Only regular files of at most `maximumFileSize` bytes
    /// are read. As `lua5.4` does (luaL_loadfilex), a UTF-8 byte order mark and a first line
    /// starting with `#` (`#!/usr/bin/env lua5.4`) are skipped, line numbers unchanged.
    package func load(file path: String) throws(LuaError) {
        // POSIX rather than FileManager and Data: every plugin and script loads through here at
        // start-up, and the first use of those types costs run-time type metadata (goal 4).
        var bytes = try LuaHost.readFile(path, limit: maximumFileSize)
        if loadedFileSet.insert(path).inserted { loadedFiles.append(path) }
        LuaHost.skipPrefix(&bytes)
        // A shipped plugin, unedited, loads its compiled form (CLuaSupport/hostsources.c). Any
        // other file costs one length comparison per shipped plugin.
        try bytes.withUnsafeBufferPointer { buffer throws(LuaError) in
            try buffer.withMemoryRebound(to: CChar.self) { text throws(LuaError) in
                var compiledLength = 0
                let compiled = ib_shippedcompiled(text.baseAddress, text.count, &compiledLength)
                try load(
                    text: text, compiled: compiled, compiledLength: compiledLength, chunkName: "@" + path)
            }
        }
    }

    /// Pushes the function of `text`: from `compiled`, the same text compiled by the binary's
    /// build (hostsources.c), when there is one and it loads, else parsed. Named `chunkName`
    /// either way.
    func load(
        text: UnsafeBufferPointer<CChar>, compiled: UnsafePointer<UInt8>?, compiledLength: Int,
        chunkName: String
    ) throws(LuaError) {
        if let compiled {
            if ib_loadcompiledas(L, compiled, compiledLength, chunkName) == LUA_OK { return }
            // Not for this Lua (other number sizes, say): the text says the same.
            stack.pop()
        }
        let status = chunkName.withCString { ib_loadtext(L, text.baseAddress, text.count, $0) }
        if status != LUA_OK { throw popError(status: status) }
    }

    /// The whole file: a regular file no larger than `limit` bytes (0 = any size).
    static func readFile(_ path: String, limit: Int) throws(LuaError) -> [UInt8] {
        func failure(_ reason: String) -> LuaError {
            LuaError(kind: .file, chunk: nil, line: nil, message: "cannot read \(path) (\(reason))")
        }
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below anyway).
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else {
            if errno == ENOENT {
                throw LuaError(
                    kind: .file, chunk: nil, line: nil,
                    message: "cannot open \(path) (No such file or directory)")
            }
            throw failure(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw failure(info.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "not a regular file")
        }
        if limit > 0, info.st_size > limit {
            throw failure("\(info.st_size) bytes, more than the limit of \(limit); see --max-script-size")
        }
        // Read straight into the result, sized from fstat plus room to see the end of the file
        // (or that it grew): a zeroed 64 KiB chunk per file cost a batch job more than its
        // script's bytes.
        var bytes: [UInt8] = []
        var count = 0
        var room = Int(info.st_size) + 1
        while true {
            if bytes.count < count + room {
                bytes.append(contentsOf: repeatElement(0, count: count + room - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, room) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            count += n
            // The file grew while being read.
            if limit > 0, count > limit {
                throw failure("more than the limit of \(limit) bytes; see --max-script-size")
            }
            // The end: nothing more, or a short read once the size fstat gave is in (no second
            // read to see the 0: a system call fewer per batch job). A short read before that
            // (a network file system may give one) is not the end: read on.
            if n == 0 || (n < room && count >= Int(info.st_size)) {
                bytes.removeLast(bytes.count - count)
                return bytes
            }
            room = n < room ? room - n : 64 * 1024
        }
    }

    /// luaL_loadfilex's skipcomment: drops a UTF-8 BOM, and a first line starting with '#'
    /// except its newline, so that the script's lines keep their numbers.
    static func skipPrefix(_ bytes: inout [UInt8]) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "#") {
            start = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        }
        if start > 0 { bytes.removeFirst(start) }
    }

    /// Loads text (binary chunks are refused) and pushes the function.
    package func load(text: Data, chunkName: String) throws(LuaError) {
        var bytes = [CChar](repeating: 0, count: text.count + 1)
        text.withUnsafeBytes { raw in
            bytes.withUnsafeMutableBytes { $0.copyMemory(from: raw) }
        }
        let status = ib_loadtext(L, bytes, text.count, chunkName)
        if status != LUA_OK { throw popError(status: status) }
    }

    package func load(string: String, chunkName: String) throws(LuaError) {
        // Straight from the string's UTF-8: no Data (see load(file:)).
        var text = string
        let status = text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ib_loadtext(L, $0.baseAddress, $0.count, chunkName) }
        }
        if status != LUA_OK { throw popError(status: status) }
    }

    /// Calls the function below `nargs` arguments in protected mode with a traceback handler.
    /// Returns the number of results left on the stack.
    @discardableResult
    package func call(arguments nargs: Int32 = 0, results: Int32 = LUA_MULTRET) throws(LuaError) -> Int32 {
        // After a limit fired the host runs no more Lua in this budget.
        if let e = stopError {
            stack.pop(nargs + 1)
            throw e
        }
        let base = stack.top - nargs - 1
        let status = ib_pcall(L, nargs, results, 1)
        if status != LUA_OK { throw popError(status: status) }
        return stack.top - base
    }

    /// Loads and runs a script; its results stay on the stack. Returns their count.
    @discardableResult
    package func run(file path: String) throws(LuaError) -> Int32 {
        try load(file: path)
        return try call()
    }

    /// `tostring(value)` with `__tostring` honoured, in protected mode.
    package func describe(at index: Int32) -> String {
        let status = ib_tostring(L, index)
        defer { stack.pop() }
        let text = stack.string(at: -1) ?? "?"
        return status == LUA_OK ? text : "(error in __tostring: \(text))"
    }

    /// Warnings Lua emitted since the last call (errors in `__gc` among them).
    package func takeWarnings() -> [String] {
        guard let raw = ib_takewarnings(L) else { return [] }
        defer { free(raw) }
        return String(cString: raw).split(separator: "\n").map(String.init)
    }

    /// Turns the error on the stack top into a `LuaError` and pops it.
    func popError(status: Int32) -> LuaError {
        let text = stack.string(at: -1) ?? describe(at: -1)
        stack.pop()
        // Whatever the script made of it (pcall, its own error), a limit that fired is the
        // reason the call failed.
        if var e = stopError {
            e.traceback = LuaError(kind: .runtime, luaMessage: text).traceback
            return expandingChunk(e)
        }
        // Refused but not retried (lauxlib's buffers raise "not enough memory" themselves).
        if status == LUA_ERRMEM || text.hasSuffix("not enough memory"),
            let refusal = ib_memoryrefused(mainState)
        {
            let (chunk, line, _) = LuaError.splitPosition(String(cString: refusal) + " ")
            return expandingChunk(
                LuaError(
                    kind: .limit, chunk: chunk, line: line,
                    message: "memory limit (\(memoryLimit) bytes) exceeded", limit: .memory))
        }
        let kind: LuaError.Kind
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM: kind = .memory
        case LUA_ERRERR: kind = .handler
        default: kind = .runtime
        }
        return expandingChunk(LuaError(kind: kind, luaMessage: text))
    }

    /// Lua keeps at most LUA_IDSIZE - 1 characters of a chunk name, cutting long paths to
    /// "...tail"; the full path of a file this host loaded is put back.
    package func expandingChunk(_ error: LuaError) -> LuaError {
        guard let chunk = error.chunk, chunk.hasPrefix("...") else { return error }
        let tail = chunk.dropFirst(3)
        guard let full = loadedFiles.last(where: { $0.hasSuffix(tail) }) else { return error }
        var e = error
        e.chunk = full
        return e
    }
}

extension LuaHost {
    /// A protected call made from inside a Swift function (Lua -> Swift -> Lua): no traceback
    /// handler, so the error value travels on unchanged; on failure it is left on the stack and
    /// `LuaRaise.value` re-raises it from the trampoline once Swift has returned.
    package func callNested(arguments nargs: Int32, results: Int32) throws(LuaRaise) {
        if ib_pcall(L, nargs, results, 0) != LUA_OK { throw LuaRaise.value }
    }
}
