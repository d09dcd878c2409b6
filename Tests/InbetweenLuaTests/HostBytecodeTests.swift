import CLua
import CLuaSupport
import Foundation
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

    /// What the compiled file of `text` must hold: the header, then lua_dump's chunk with its
    /// debug information (error messages name the host file and line).
    private func compiled(_ name: String, _ text: [CChar]) throws -> Data {
        guard let state = luaL_newstate() else { throw XCTSkip("no Lua state") }
        defer { lua_close(state) }
        let status = text.withUnsafeBufferPointer {
            luaL_loadbufferx(state, $0.baseAddress, $0.count, "=[inbetween \(name)]", "t")
        }
        XCTAssertEqual(status, LUA_OK, "\(name).lua does not parse")
        var header = [UInt8](repeating: 0, count: Int(IB_COMPILED_HEADER))
        text.withUnsafeBufferPointer { ib_compiledheader($0.baseAddress, $0.count, &header) }
        var chunk = Data(header)
        let writer: lua_Writer = { _, bytes, count, sink in
            sink!.assumingMemoryBound(to: Data.self).pointee.append(
                bytes!.assumingMemoryBound(to: UInt8.self), count: count)
            return 0
        }
        XCTAssertEqual(lua_dump(state, writer, &chunk, 0), 0)
        return chunk
    }

    func testEveryCompiledFileIsCurrent() throws {
        for name in Self.names {
            let expected = try compiled(name, try text(name))
            let file = Self.folder.appendingPathComponent("\(name).luac")
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
                "\(file.lastPathComponent) was not made from the current \(name).lua by this Lua: "
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
}
