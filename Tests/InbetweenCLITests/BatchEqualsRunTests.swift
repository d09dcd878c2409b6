import Foundation
import XCTest

/// `batch --format F` writes what `run --format F` writes, byte for byte, for every example and
/// every format (issue 29): both go through the library's one output pipeline. With `-o x.css`
/// both also write the page `x.html` beside the stylesheet, and `--bake` means the same in both.
final class BatchEqualsRunTests: XCTestCase {
    /// (format, extra options): every format, and css and swift in both forms.
    static let variants: [(format: String, options: [String])] = [
        ("json", []), ("jsonl", []), ("csv", []), ("css", []), ("swift", []), ("lottie", []),
        ("preview", []), ("css", ["--bake"]), ("swift", ["--bake"]), ("csv", ["--precision", "3"]),
    ]

    /// The example folders.
    static let folders = ["examples"]

    static func scripts(in folder: String) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: CLIProcess.root.appendingPathComponent(folder).path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted()
    }

    func testBatchWritesWhatRunWritesForEveryExampleAndFormat() throws {
        XCTAssertEqual(Self.folders.map { Self.scripts(in: $0).count }.reduce(0, +), 21)
        for folder in Self.folders {
            try compare(folder: folder)
        }
    }

    func compare(folder: String) throws {
        let examples = Self.scripts(in: folder)
        for variant in Self.variants {
            let label = ([variant.format] + variant.options).joined(separator: " ")
            let batchFolder = try temporaryFolder("ib-batch-eq")
            let runFolder = try temporaryFolder("ib-run-eq")
            let common = ["--no-user-plugins", "--format", variant.format] + variant.options
            let batch = try CLIProcess.run(
                ["batch", "--jobs", "2", "-o", batchFolder.path] + common + [folder])
            XCTAssertEqual(batch.status, 0, "batch \(label): \(batch.stderr)")
            let ext = ["lottie": "json", "preview": "html"][variant.format] ?? variant.format
            for name in examples {
                let base = (name as NSString).deletingPathExtension
                let output = runFolder.appendingPathComponent("\(base).\(ext)")
                let run = try CLIProcess.run(["run"] + common + ["-o", output.path, "\(folder)/\(name)"])
                XCTAssertEqual(run.status, 0, "run \(label) \(name): \(run.stderr)")
                // The page beside a stylesheet: only css writes one.
                let files = variant.format == "css" ? ["\(base).css", "\(base).html"] : ["\(base).\(ext)"]
                for file in files {
                    let ran = try Data(contentsOf: runFolder.appendingPathComponent(file))
                    let batched = try? Data(contentsOf: batchFolder.appendingPathComponent(file))
                    XCTAssertGreaterThan(ran.count, 0, "\(label) \(file)")
                    XCTAssertEqual(batched, ran, "batch and run differ: \(label) \(file)")
                }
            }
            // Nothing else: no staging file left, no page for other formats.
            let listed = try FileManager.default.contentsOfDirectory(atPath: batchFolder.path).sorted()
            let expected = try FileManager.default.contentsOfDirectory(atPath: runFolder.path).sorted()
            XCTAssertEqual(listed, expected, label)
        }
    }

    /// Pictures too: `batch --format png` draws each script's first frame as `render -o
    /// NAME.png` does, byte for byte, through the same renderer (the layer tree's examples
    /// drawn in the stage's space).
    func testBatchDrawsWhatRenderDrawsForTheTreeExamples() throws {
        let folder = Self.folders.last!
        let batchFolder = try temporaryFolder("ib-batch-eq")
        let renderFolder = try temporaryFolder("ib-run-eq")
        let batch = try CLIProcess.run(
            ["batch", "--jobs", "2", "--no-user-plugins", "--format", "png", "-o", batchFolder.path, folder])
        XCTAssertEqual(batch.status, 0, batch.stderr)
        var compared = 0
        for name in Self.scripts(in: folder) {
            guard let number = Int(name.prefix(2)), (16...20).contains(number) else { continue }
            let base = (name as NSString).deletingPathExtension
            let output = renderFolder.appendingPathComponent("\(base).png")
            let r = try CLIProcess.run([
                "render", "--no-user-plugins", "\(folder)/\(name)", "-o", output.path,
            ])
            XCTAssertEqual(r.status, 0, "render \(name): \(r.stderr)")
            let rendered = try Data(contentsOf: output)
            XCTAssertGreaterThan(rendered.count, 0, name)
            XCTAssertEqual(
                try? Data(contentsOf: batchFolder.appendingPathComponent("\(base).png")), rendered,
                "batch and render differ: \(name)")
            compared += 1
        }
        XCTAssertEqual(compared, 5)
    }

    /// The library's factory refuses a format it does not know, naming the ones it knows; the
    /// CLI makes that a usage error (exit 2), the worker too.
    func testUnknownFormatIsAUsageError() throws {
        let r = try CLIProcess.run(["__worker", "--format", "yaml"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("unknown format 'yaml'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("json, jsonl, csv, css, swift, lottie, preview"), r.stderr)
        let run = try CLIProcess.run(["run", "--format", "yaml", "examples/01-ease-out-move.lua"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(
            run.stderr.contains(
                "unknown format 'yaml' for run (json, jsonl, csv, css, swift, lottie, preview)"))
    }
}
