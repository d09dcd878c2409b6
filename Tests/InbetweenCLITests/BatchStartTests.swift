import Foundation
import XCTest

@testable import Inbetween
@testable import InbetweenCLI
@testable import InbetweenLua

/// The batch's start takes shortcuts (bytes instead of Strings, a listing read once, no
/// Codable): each must give exactly what the general way it replaces gives, which stays the
/// way for anything the shortcut does not cover.
final class BatchStartTests: XCTestCase, FolderTest {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("ib-batch-start")
    }

    /// Names a folder may hold: ASCII, not `.lua`, only `.lua`, upper case, non-ASCII, a
    /// character that combines with the dot after it (U+0600 is a prepended mark: `؀.` is one
    /// character, so the name does not end in the four characters `.lua`), a name that is not
    /// UTF-8.
    func testListingIsFileManagersFiltered() throws {
        let names = [
            "b.lua", "a.lua", "x.txt", ".lua", "c.LUA", "caf\u{e9}.lua", "\u{600}.lua", "d.lua.txt", "lua",
            "e f.lua",
        ]
        for name in names { try write("scripts/\(name)", "return 1\n") }
        // "g\xff.lua": not UTF-8, repaired to U+FFFD by both.
        let raw = Array(path("scripts/g").utf8) + [0xFF] + Array(".lua".utf8) + [0]
        let fd = raw.withUnsafeBytes {
            open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let expected = try FileManager.default.contentsOfDirectory(atPath: path("scripts"))
            .filter { $0.hasSuffix(".lua") }.sorted()
        let listed = try XCTUnwrap(ScriptListing.scripts(in: path("scripts")))
        XCTAssertEqual(JobList.sortedNames(listed), expected)
        XCTAssertTrue(listed.contains("g\u{fffd}.lua"), "\(listed)")
        XCTAssertNil(ScriptListing.scripts(in: path("scripts/b.lua")), "a file is not a folder")
        XCTAssertNil(ScriptListing.scripts(in: path("missing")))
        XCTAssertEqual(
            ScriptListing([path("scripts"), path("scripts/b.lua"), path("missing")]).count, listed.count + 2)
    }

    /// In order, in reverse order, in neither, with names equal as Strings but not as bytes
    /// (é as one scalar or two), whose order the standard library's stable sort keeps.
    func testSortedNamesIsSorted() {
        let cases: [[String]] = [
            [], ["a"], ["a", "b", "c"], ["c", "b", "a"], ["b", "a", "c"], ["a", "a"],
            ["caf\u{e9}.lua", "cafe\u{301}.lua", "b.lua"], ["z.lua", "caf\u{e9}.lua", "cafe\u{301}.lua"],
            (0..<1000).map { String(format: "j%04d.lua", $0) }.reversed(),
            (0..<1000).map { String(format: "j%04d.lua", ($0 * 7919) % 1000) },
        ]
        for names in cases {
            XCTAssertEqual(
                JobList.sortedNames(names).map { Array($0.utf8) }, names.sorted().map { Array($0.utf8) })
        }
    }

    func testOutputNamesAsStringsMakeThem() {
        let names = [
            "wave.lua", ".lua", "a.b.lua", "x", "caf\u{e9}.lua", "\u{600}.lua", "a\r\n.lua", "A.LUA",
        ]
        for format in ["csv", "json", "swift", "css"] {
            for name in names {
                XCTAssertEqual(
                    JobList.scriptOutputName(name, fileExtension: OutputFormat.fileExtension(ofName: format)),
                    JobList.outputName(base: name, format: format), name)
            }
        }
    }

    /// The shortcut decides only what the general check would let pass; every other list goes
    /// to the general check, which words the message.
    func testOutputCheckShortcutPassesOnlyWhatTheGeneralCheckPasses() {
        let cases: [([String], Bool)] = [
            (["a.csv", "b.csv"], true),
            ((0..<1000).map { "j\($0).csv" }, true),
            (["A.csv", "a.csv"], false),
            (["a.csv", "b.csv", "A.CSV"], false),
            (["same.csv", "same.csv"], false),
            (["\u{212a}.csv", "k.csv"], false),  // KELVIN SIGN lowercases to k
            (["caf\u{e9}.csv"], false),
            ([""], false), (["."], false), ([".."], false), (["a/b.csv"], false), (["x\u{0}1"], false),
            (["x\u{7f}"], false), ([".inbetween-batch-1"], false),
            ([String(repeating: "n", count: 256)], false),
            ([String(repeating: "n", count: 255)], true), ([".hidden.csv", "..x"], true),
        ]
        for (names, fast) in cases {
            XCTAssertEqual(JobList.plainDistinctASCII(names), fast, "\(names.prefix(3))")
            let jobs = names.map { BatchJob(script: "s.lua", parameters: nil, output: $0, origin: "s.lua") }
            if fast { XCTAssertNoThrow(try JobList.checkEachOutput(jobs)) }
        }
        // A clash the shortcut hands on is still reported by the general check.
        let jobs = ["A.csv", "a.csv"].map { BatchJob(script: $0, parameters: nil, output: $0, origin: $0) }
        XCTAssertThrowsError(try JobList.checkUniqueOutputs(jobs)) { error in
            XCTAssertEqual(
                "\(error)",
                "a.csv: output 'a.csv' and 'A.csv' (A.csv) are one file on a case-insensitive or normalising file system; give one of them another name"
            )
        }
    }

    func testShardsSelectEveryNth() {
        let items = Array(0..<23)
        for (index, count) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (4, 7), (7, 7), (5, 30)] {
            XCTAssertEqual(
                Shard(index: index, count: count).select(items),
                items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
        }
    }

    /// Lines split across reads come back whole; a line longer than one read too; EOF is nil.
    func testLineReaderJoinsReads() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        var reader = LineReader(fd: fds[0])
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        try writeAll(fds[1], Array("one\ntw".utf8))
        XCTAssertEqual(reader.readLines()?.map { Array($0) }, [Array("one".utf8)])
        try writeAll(fds[1], Array("o\n".utf8))
        XCTAssertEqual(reader.readLines()?.map { Array($0) }, [Array("two".utf8)])
        let end = fds[1]
        let writer = Thread {
            try? writeAll(end, long + [UInt8(ascii: "\n")])
            close(end)
        }
        writer.start()
        var lines: [[UInt8]] = []
        while let read = reader.readLines() { lines += read.map { Array($0) } }
        XCTAssertEqual(lines, [long])
    }

    func testStagingNamesAreFileManagersFiltered() throws {
        for name in [".inbetween-batch-h-1-f", ".inbetween-batch-\u{301}x", "x.csv", ".inbetween-batc", "a"] {
            try FileManager.default.createDirectory(
                atPath: path("out/\(name)"), withIntermediateDirectories: true)
        }
        XCTAssertEqual(
            StagingFolder.stagingNames(in: path("out"))?.sorted(),
            try FileManager.default.contentsOfDirectory(atPath: path("out"))
                .filter { $0.hasPrefix(StagingFolder.prefix) }.sorted())
        XCTAssertEqual(StagingFolder.stagingNames(in: path("out"))?.count, 1)
        XCTAssertNil(StagingFolder.stagingNames(in: path("missing")))
    }

    /// What the kernel gives: the boot id is a UUID (8-4-4-4-12 hex digits; proc(5),
    /// /proc/sys/kernel/random/boot_id), the PID namespace's link reads `pid:[inode]`
    /// (namespaces(7)).
    func testOwnerReadsTheKernelsIdentifiers() {
        let boot = StagingFolder.Owner.bootID()
        XCTAssertNotNil(
            boot.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/), boot)
        let namespace = StagingFolder.Owner.pidNamespace()
        XCTAssertNotNil(namespace.wholeMatch(of: /pid:\[[0-9]+\]/), namespace)
    }

    /// A plugin file reached twice loads once: the same folder twice, a link to the folder, a
    /// link to the file; a hard link is another path (realpath tells them apart), and loads.
    func testPluginFilesReachedTwiceAreListedOnce() throws {
        try write("a/x.lua", "return {}\n")
        try write("a/y.lua", "return {}\n")
        try write("b/z.lua", "return {}\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: path("linked"), withDestinationPath: path("a"))
        try fm.createSymbolicLink(atPath: path("b/x.lua"), withDestinationPath: path("a/x.lua"))
        try fm.linkItem(atPath: path("a/y.lua"), toPath: path("b/hard.lua"))
        var search = PluginSearch()
        search.includeShipped = false
        search.includeUserAndEnvironment = false
        search.extraDirectories = [path("a"), path("a") + "/", path("linked"), path("b")]
        XCTAssertEqual(
            search.files(), [path("a/x.lua"), path("a/y.lua"), path("b/hard.lua"), path("b/z.lua")])
    }

    /// A plugin without `name` is named after its file, as NSString's path functions do it.
    func testFallbackPluginNameIsNSStrings() {
        let files = [
            "plugins/css.lua", "a.lua", ".lua", "..lua", "a..lua", ".a.lua", "x/.lua", "//a.lua", "a//b.lua",
            "a/b.lua/", "a.b.lua", "/abs/p/x.y.lua", "a/ .lua", "a/..lua", "./a.lua", "a.lua.lua", "a/x.lua ",
            "d\u{e9}j\u{e0}/vu.lua", "p/\u{600}.lua",
        ]
        for file in files {
            XCTAssertEqual(
                Runtime.fallbackPluginName(file),
                ((file as NSString).lastPathComponent as NSString).deletingPathExtension, file)
        }
    }
}
