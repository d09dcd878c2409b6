import Foundation
import XCTest

@testable import Inbetween

/// Linux-only calls in the sources stand inside a Linux branch of a platform condition
/// (`#if os(Linux)` in Swift, `#if defined(__linux__)`/`#ifdef __linux__` in C), with the Darwin
/// way beside them: Darwin has no SOCK_CLOEXEC, MSG_NOSIGNAL, prctl, sched_getaffinity, /proc or
/// cgroups (its socket(2), send(2) and proc_pidinfo pages name what it has instead).
final class PortableSourcesTests: XCTestCase {
    /// What only Linux has. `/proc/self` and `/proc/sys` are what a program reads of its own
    /// process and kernel; a path merely compared with "/proc/" reads nothing.
    static let linuxOnly = [
        "SOCK_CLOEXEC", "MSG_NOSIGNAL", "PR_SET_PDEATHSIG", "prctl(", "sched_getaffinity(",
        "/proc/self", "/proc/sys", "/sys/fs/cgroup",
    ]

    /// 1-based numbers of the lines that name a Linux-only call outside a Linux branch
    /// (comments left out: `//` to the line's end, `/* ... */` within one line).
    static func unguardedLines(_ source: String) -> [Int] {
        // One entry per open condition: whether its current branch is Linux's, and whether
        // its condition named Linux negatively (`!os(Linux)`), whose #else is then Linux's.
        var open: [(linux: Bool, negated: Bool)] = []
        var found: [Int] = []
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            while let start = line.range(of: "/*"),
                let end = line.range(of: "*/", range: start.upperBound..<line.endIndex)
            {
                line.removeSubrange(start.lowerBound..<end.upperBound)
            }
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            let directive = words.first ?? ""
            let condition = words.count > 1 ? words[1] : ""
            let namesLinux = condition.contains("os(Linux)") || condition.contains("__linux__")
            let negated = namesLinux && (condition.hasPrefix("!") || directive == "#ifndef")
            switch directive {
            case "#if", "#ifdef", "#ifndef":
                open.append((namesLinux && !negated, negated))
            case "#elif", "#elseif":
                if !open.isEmpty { open[open.count - 1] = (namesLinux && !negated, false) }
            case "#else":
                if let last = open.last { open[open.count - 1] = (last.negated, false) }
            case "#endif":
                _ = open.popLast()
            default:
                let inLinux = open.contains { $0.linux }
                if !inLinux && linuxOnly.contains(where: { line.contains($0) }) { found.append(index + 1) }
            }
        }
        return found
    }

    func testUnguardedCallsAreFound() {
        let rows: [(source: String, lines: [Int])] = [
            ("let t = SOCK_STREAM | SOCK_CLOEXEC\n", [1]),
            ("#if os(Linux)\nlet f = MSG_NOSIGNAL\n#else\nlet f = 0\n#endif\n", []),
            ("#if os(Linux)\nlet f = 1\n#else\nlet f = MSG_NOSIGNAL\n#endif\n", [4]),
            ("#if !os(Linux)\nlet a = 0\n#else\nread(\"/proc/self/fd\")\n#endif\n", []),
            ("#if defined(__linux__)\n#include <sys/prctl.h>\n#endif\nprctl(PR_SET_PDEATHSIG, 9);\n", [4]),
            ("#ifdef __linux__\n    prctl(PR_SET_PDEATHSIG, SIGKILL);\n#endif\n", []),
            ("#if os(macOS)\nx()\n#elseif os(Linux)\nopen(\"/proc/sys/x\")\n#endif\n", []),
            ("// prctl(PR_SET_PDEATHSIG) on Linux\n/* /proc/self/maps */ int x;\n", []),
            ("path.hasPrefix(\"/proc/\")\n", []),
            ("#if os(Linux)\n#if DEBUG\nlet s = SOCK_CLOEXEC\n#endif\n#endif\nlet n = MSG_NOSIGNAL\n", [6]),
        ]
        for row in rows {
            XCTAssertEqual(Self.unguardedLines(row.source), row.lines, row.source)
        }
    }

    func testEveryLinuxOnlyCallIsInsideALinuxCondition() throws {
        let folder = CLIProcess.root.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(atPath: folder.path)?
            .compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".c") || $0.hasSuffix(".h") } ?? []
        XCTAssertGreaterThan(files.count, 100, "the sources were listed")
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in Self.unguardedLines(text) {
                XCTFail("Sources/\(file):\(line) uses a Linux-only call outside #if os(Linux) / __linux__")
            }
        }
    }
}

/// The descriptors ffmpeg must not inherit are found the same way without the kernel's listing
/// (the fallback where /proc or /dev/fd cannot be read) as with it.
final class InheritedDescriptorTests: XCTestCase {
    func testTheScanFindsWhatTheListingFinds() throws {
        // One descriptor without close-on-exec (what ffmpeg must not receive) and one with.
        var plain: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&plain), 0)
        defer { for fd in plain { close(fd) } }
        _ = fcntl(plain[1], F_SETFD, FD_CLOEXEC)
        let listed = Set(FFmpegProcess.inheritedDescriptors())
        let scanned = Set(FFmpegProcess.inheritedDescriptorsByScan())
        XCTAssertTrue(listed.contains(plain[0]), "\(listed) holds the inheritable end")
        XCTAssertFalse(listed.contains(plain[1]), "the close-on-exec end is left alone")
        XCTAssertEqual(scanned, listed)
    }
}
