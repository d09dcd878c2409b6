import Inbetween
import XCTest

@testable import InbetweenCLI

/// The words of each kind of error, composed in one place per kind (UsageError, OutputError):
/// every case against the exact text the command line printed before the kinds were values
/// (the same texts RunErrorTests, OptionTableTests, NewUserMessageTests and OutputTargetTests
/// read from the process).
final class ErrorTextTests: XCTestCase {
    func testUsageErrorTexts() {
        let rows: [(UsageError, String)] = [
            (
                .badValue(option: "--fps", rule: "a frame rate in (0, 100000]", value: "0"),
                "option --fps needs a frame rate in (0, 100000], got '0'"
            ),
            (.badValue(option: "-o", rule: "a file name", value: ""), "option -o needs a file name, got ''"),
            (.missingValue(option: "--fps", metavar: "N"), "option --fps needs a value (N)"),
            (
                .unexpectedValue(option: "--trusted", item: "--trusted=yes"),
                "option --trusted takes no value, got '--trusted=yes'"
            ),
            (.repeated(option: "--json"), "option --json given twice"),
            (
                .unknownOption("--fsp", command: "run", hint: " (did you mean --fps?)"),
                "unknown option '--fsp' for run (did you mean --fps?)"
            ),
            (.unknownOption("-x", command: "list", hint: ""), "unknown option '-x' for list"),
            (
                .unknownCommand("rnu", hint: " (did you mean run?)"),
                "unknown command 'rnu' (did you mean run?)"
            ),
            (
                .unknownFormat("xml", command: "curve", valid: ["csv", "json", "css", "svg"]),
                "unknown format 'xml' for curve (csv, json, css, svg)"
            ),
            (.unexpectedArgument("extra", command: "list"), "unexpected argument 'extra' for list"),
            (.missing(command: "run", what: "a script"), "run needs a script"),
            (
                UsageError("options --samples and --at cannot be used together"),
                "options --samples and --at cannot be used together"
            ),
        ]
        for (error, text) in rows { XCTAssertEqual(error.message, text) }
    }

    func testOutputErrorTexts() {
        let rows: [(OutputError, String)] = [
            (
                .cannotWrite("out.csv", reason: "No space left on device"),
                "cannot write out.csv (No space left on device)"
            ),
            (
                .isFolder("out", example: "out.csv"),
                "cannot write out: it is a folder (give a file name, e.g. out/out.csv)"
            ),
            (
                .isFolder("out/", example: "out.svg"),
                "cannot write out/: it is a folder (give a file name, e.g. out/out.svg)"
            ),
            (
                .isInput("x.lua", input: nil),
                "refusing to write x.lua: it is a file this run reads; choose another output"
            ),
            (
                .isInput("hard.lua", input: "x.lua"),
                "refusing to write hard.lua: it is a file this run reads (x.lua); choose another output"
            ),
            (
                .notAFrameFolder("f/", rule: "it is a file, not a folder"),
                "cannot write frames into f/: it is a file, not a folder"
            ),
            (
                .cannotCreate("afile/out", reason: "afile is not a folder"),
                "cannot create afile/out (afile is not a folder)"
            ),
            (
                .cannotWriteInto("out", reason: "Permission denied"),
                "cannot write into out (Permission denied)"
            ),
            (.temporaryFile(action: "read back", reason: nil), "cannot read back a temporary file"),
            (
                .temporaryFile(action: "create", reason: "Too many open files"),
                "cannot create a temporary file (Too many open files)"
            ),
        ]
        for (error, text) in rows { XCTAssertEqual(error.description, text) }
    }

    func testSpecErrorText() {
        XCTAssertEqual(
            SpecError("spring(1, 2, 3, 4, 5)", "at most 4 values (mass, stiffness, damping, velocity), got 5")
                .description,
            "spring(1, 2, 3, 4, 5): at most 4 values (mass, stiffness, damping, velocity), got 5")
    }
}
