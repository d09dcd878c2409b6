import Foundation
import XCTest

@testable import InbetweenLua

/// A runtime that runs job after job (a batch worker) keeps the files of the current job only:
/// it kept every script's path for its whole life, a path more per job.
final class JobFilesTests: XCTestCase {
    func testOnlyTheCurrentJobsFilesAreKept() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ib-jobfiles-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Long enough that Lua cuts the chunk name to "...tail" (LUA_IDSIZE is 60).
        let deep = folder + "/" + String(repeating: "d", count: 70)
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        let a = deep + "/a.lua"
        let b = deep + "/b.lua"
        let m = deep + "/m.lua"
        try #"layer{name = "a"}"#.write(toFile: a, atomically: true, encoding: .utf8)
        try "local m = require(\"m\")\nerror(\"from b\")".write(toFile: b, atomically: true, encoding: .utf8)
        try "return {}".write(toFile: m, atomically: true, encoding: .utf8)

        let runtime = try Runtime()
        let before = runtime.host.filesLoaded
        try runtime.runJob(file: a)
        XCTAssertEqual(runtime.host.filesLoaded, before + [a])
        // The error of the current job still names its whole path.
        XCTAssertThrowsError(try runtime.runJob(file: b)) { error in
            XCTAssertEqual((error as? LuaError)?.chunk, b, "\(error)")
        }
        XCTAssertEqual(runtime.host.filesLoaded, before + [b, m])
        for _ in 0..<3 { try runtime.runJob(file: a) }
        XCTAssertEqual(runtime.host.filesLoaded, before + [a])
    }
}
