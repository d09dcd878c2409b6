import CLua
import CLuaSupport
import Foundation
import InbetweenLua
import XCTest

/// The host's Lua in compiled form (Sources/InbetweenLua/Lua/compiled/NAME.luac, see
/// CLuaSupport/hostsources.c): each file is exactly what the linked Lua makes of the text built
/// in, so the binary loads it instead of parsing the text. After a .lua file changes, the binary
/// falls back to the text (slower, same behaviour) and `testEveryCompiledFileIsCurrent` fails
/// until `INBETWEEN_RECORD=1` records the files again (and fails while it records them).
final class HostBytecodeTests: XCTestCase {
    static let folder = HostLuaSourcesTests.folder.appendingPathComponent("compiled")
    static let names = ["easings", "environment", "kit", "plugins", "sandbox", "values"]
    static var recording: Bool { ProcessInfo.processInfo.environment["INBETWEEN_RECORD"] == "1" }

    /// The built-in text of `name`.
    private func text(_ name: String) throws -> [CChar] {
        var length = 0
        let text = try XCTUnwrap(ib_hostsource(name, &length), name)
        return Array(UnsafeBufferPointer(start: text, count: length))
    }

    private func chunkName(_ name: String) -> String {
        name.hasPrefix("plugins/") ? "@" + name : "=[inbetween \(name)]"
    }

    /// What the compiled file of `text` must hold: the header, then lua_dump's chunk with its
    /// debug information (error messages name the host file and line).
    private func compiled(_ name: String, _ text: [CChar]) throws -> Data {
        let state = try XCTUnwrap(luaL_newstate(), "luaL_newstate: no memory for a Lua state")
        defer { lua_close(state) }
        let status = text.withUnsafeBufferPointer {
            luaL_loadbufferx(state, $0.baseAddress, $0.count, chunkName(name), "t")
        }
        XCTAssertEqual(status, LUA_OK, "\(name) does not parse")
        var header = [UInt8](repeating: 0, count: Int(IB_COMPILED_HEADER))
        text.withUnsafeBufferPointer { ib_compiledheader($0.baseAddress, $0.count, &header) }
        final class Sink { var data = Data() }
        let sink = Sink()
        sink.data.append(contentsOf: header)
        let writer: lua_Writer = { _, bytes, count, context in
            Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue().data.append(
                bytes!.assumingMemoryBound(to: UInt8.self), count: count)
            return 0
        }
        XCTAssertEqual(lua_dump(state, writer, Unmanaged.passUnretained(sink).toOpaque(), 0), 0)
        return sink.data
    }

    /// plugins/ at the top of the repository: the shipped plugins.
    static let shippedFolder = HostLuaSourcesTests.folder.deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins")

    static func shippedNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: shippedFolder.path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }

    /// Every compiled file there must be: the host's, then the shipped plugins' (made from the
    /// file's bytes; the name recorded is replaced when one is loaded).
    private func expectedFiles() throws -> [(URL, Data)] {
        var out: [(URL, Data)] = []
        for name in Self.names {
            out.append(
                (Self.folder.appendingPathComponent("\(name).luac"), try compiled(name, try text(name))))
        }
        for name in try Self.shippedNames() {
            let bytes = try Data(contentsOf: Self.shippedFolder.appendingPathComponent("\(name).lua"))
            let text = bytes.map { CChar(bitPattern: $0) }
            out.append(
                (
                    Self.folder.appendingPathComponent("plugins/\(name).luac"),
                    try compiled("plugins/\(name).lua", text)
                ))
        }
        return out
    }

    func testEveryCompiledFileIsCurrent() throws {
        for (file, expected) in try expectedFiles() {
            let recorded = try? Data(contentsOf: file)
            if Self.recording {
                if recorded != expected {
                    try expected.write(to: file)
                    XCTFail(
                        "recorded \(file.lastPathComponent) (INBETWEEN_RECORD=1): build and run the tests again without it"
                    )
                }
                continue
            }
            XCTAssertEqual(
                recorded, expected,
                "\(file.lastPathComponent) was not made from the current text by this Lua: "
                    + "record it with INBETWEEN_RECORD=1 (until then the binary parses the text)")
        }
    }

    /// The binary holds the compiled files and takes them: nothing falls back to the text.
    func testTheBinaryLoadsEveryFileCompiled() throws {
        for name in Self.names {
            var length = 0
            let chunk = ib_hostcompiled(name, &length)
            XCTAssertNotNil(chunk, "\(name): the compiled file built in does not match the text")
            guard let chunk, let state = luaL_newstate() else { continue }
            defer { lua_close(state) }
            XCTAssertEqual(luaL_loadbufferx(state, chunk, length, "=ignored", "b"), LUA_OK, name)
            // The chunk keeps its name and lines: an error in host code names the file.
            var info = lua_Debug()
            XCTAssertNotEqual(lua_getinfo(state, ">S", &info), 0)
            XCTAssertEqual(String(cString: info.source), "=[inbetween \(name)]")
            XCTAssertEqual(info.what.map { String(cString: $0) }, "main")
        }
    }

    /// A compiled file made from another text, or by another Lua release, is not used.
    func testAStaleOrForeignFileIsRefused() throws {
        let text = try text("kit")
        let good = try compiled("kit", text)
        let bytes = [UInt8](good)
        var length = 0
        let usable = text.withUnsafeBufferPointer {
            ib_compiledchunk($0.baseAddress, $0.count, bytes, bytes.count, &length)
        }
        XCTAssertNotNil(usable)
        XCTAssertEqual(length, bytes.count - Int(IB_COMPILED_HEADER))

        // One character of the text changed (same length): the hash differs.
        var edited = text
        edited[edited.count / 2] = edited[edited.count / 2] == 0x20 ? 0x09 : 0x20
        XCTAssertNil(
            edited.withUnsafeBufferPointer {
                ib_compiledchunk($0.baseAddress, $0.count, bytes, bytes.count, &length)
            })
        XCTAssertEqual(length, 0)
        // The text grew by one byte.
        let longer = text + [0x0A]
        XCTAssertNil(
            longer.withUnsafeBufferPointer {
                ib_compiledchunk($0.baseAddress, $0.count, bytes, bytes.count, &length)
            })
        // Another release in the header (bytes 4-11).
        var foreign = bytes
        foreign[4] ^= 1
        XCTAssertNil(
            text.withUnsafeBufferPointer {
                ib_compiledchunk($0.baseAddress, $0.count, foreign, foreign.count, &length)
            })
        // Not a compiled file at all.
        let plain = [UInt8]("return 1".utf8)
        XCTAssertNil(
            text.withUnsafeBufferPointer {
                ib_compiledchunk($0.baseAddress, $0.count, plain, plain.count, &length)
            })
    }

    /// The binary holds the text and a compiled form of each file of plugins/, and of nothing
    /// else: a plugin added to the folder but not to hostsources.c fails here.
    func testEveryShippedPluginIsBuiltIn() throws {
        var built: [String] = []
        while let name = ib_shippedname(built.count) { built.append(String(cString: name)) }
        XCTAssertEqual(built, try Self.shippedNames(), "hostsources.c's list of shipped plugins")
        for (index, name) in built.enumerated() {
            let bytes = [UInt8](
                try Data(contentsOf: Self.shippedFolder.appendingPathComponent("\(name).lua")))
            var textLength = 0
            let text = try XCTUnwrap(ib_shippedtext(index, &textLength))
            XCTAssertEqual(
                Array(UnsafeRawBufferPointer(start: text, count: textLength)), bytes,
                "\(name).lua: the text built in differs from the file")
            var length = 0
            let chunk = bytes.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { ib_shippedcompiled($0.baseAddress, $0.count, &length) }
            }
            XCTAssertNotNil(chunk, "\(name).lua: the compiled form built in does not match the file")
        }
    }

    /// A shipped plugin loaded from wherever it is installed runs its compiled form under that
    /// file's name, with the text's own lines (debug information and errors name the file and
    /// line as when it is parsed). A copy with a byte changed is parsed from its text.
    func testAShippedPluginLoadsCompiledUnderItsOwnName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shipped-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: Self.shippedFolder.appendingPathComponent("penner.lua"))
        let installed = folder.appendingPathComponent("penner.lua")
        for edited in [false, true] {
            let text = edited ? Data("\n".utf8) + original : original
            try text.write(to: installed)
            var length = 0
            let bytes = [UInt8](text)
            let compiled = bytes.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { ib_shippedcompiled($0.baseAddress, $0.count, &length) }
            }
            XCTAssertEqual(compiled == nil, edited, "an edited copy must be parsed, the original not")

            let host = try LuaHost()
            let state = host.L
            try host.load(file: installed.path)
            let loaded = try mainChunk(state)
            lua_settop(state, 0)
            // The same text parsed, as the reference.
            XCTAssertEqual(
                bytes.withUnsafeBufferPointer {
                    $0.withMemoryRebound(to: CChar.self) {
                        luaL_loadbufferx(state, $0.baseAddress, $0.count, "@" + installed.path, "t")
                    }
                }, LUA_OK)
            let parsed = try mainChunk(state)
            XCTAssertEqual(loaded.source, "@" + installed.path, "edited: \(edited)")
            XCTAssertEqual(loaded.source, parsed.source)
            XCTAssertFalse(loaded.lines.isEmpty, "line information kept")
            XCTAssertEqual(loaded.lines, parsed.lines, "edited: \(edited)")
        }
    }

    /// The source name and the lines with code of the function on top of the stack.
    private func mainChunk(_ state: OpaquePointer) throws -> (source: String, lines: [Int64]) {
        var info = lua_Debug()
        lua_pushvalue(state, -1)
        XCTAssertNotEqual(lua_getinfo(state, ">SL", &info), 0)
        var lines: [Int64] = []
        lua_pushnil(state)
        while lua_next(state, -2) != 0 {
            lines.append(lua_tointegerx(state, -2, nil))
            lua_settop(state, -2)
        }
        lua_settop(state, -2)
        return (String(cString: info.source), lines.sorted())
    }
}
