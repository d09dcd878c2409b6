import Foundation
import Inbetween

/// `inbetween list [--json]`: under a header line, every timing preset (and each of its other
/// names), easing (with its parameters and their defaults), spring and animation preset with
/// the plugin and file it came from, and the name clashes resolved while loading.
enum ListCommand {
    static func run(_ args: inout Arguments, _ session: CommandSession) throws -> Int32 {
        let json = args.flag("--json")
        let options = try RuntimeOptions(&args)
        try args.finish()
        let host = try options.makeHost(in: session, verbose: CLI.verbose)
        let entries = host.catalog()
        let clashes = host.pluginClashes
        if json {
            let rows = entries.map { e in
                var row =
                    "{\"kind\":\(jsonString(e.kind)),\"name\":\(jsonString(e.name)),\"plugin\":\(jsonString(e.plugin)),\"file\":\(jsonString(e.file))"
                if let alias = e.aliasOf { row += ",\"aliasOf\":\(jsonString(alias))" }
                if !e.parameters.isEmpty {
                    let parameters = e.parameters.map {
                        "{\"name\":\(jsonString($0.name)),\"default\":\(NumberFormat.shortest.string($0.defaultValue))}"
                    }
                    row += ",\"parameters\":[" + parameters.joined(separator: ",") + "]"
                }
                return row + "}"
            }
            let clashRows = clashes.map { jsonString($0) }
            try StandardOutput.line(
                "{\"entries\":[\n " + rows.joined(separator: ",\n ") + "],\n\"clashes\":["
                    + clashRows.joined(separator: ",") + "]}")
        } else {
            // One row per name a script can use; NOTES gives what an alias stands for and an
            // easing's parameters with their defaults (`backOut(overshoot)` = backOut(1.70158)).
            let header = ["KIND", "NAME", "PLUGIN", "NOTES", "FILE"]
            let rows =
                [header]
                + entries.map { e in
                    [e.kind, e.name, e.plugin, ListCommand.notes(e), e.file]
                }
            let widths = (0..<header.count - 1).map { c in rows.map { $0[c].count }.max() ?? 0 }
            var text = ""
            for row in rows {
                let padded = (0..<header.count - 1).map {
                    row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0)
                }
                text += (padded + [row[header.count - 1]]).joined(separator: "  ") + "\n"
            }
            if !clashes.isEmpty {
                text += "\nname clashes (a plugin loaded later wins):\n"
                for c in clashes { text += "  " + c + "\n" }
            }
            try StandardOutput.write(text)
        }
        return 0
    }
}

extension ListCommand {
    /// "alias of easeIn", "overshoot = 1.70158", "amplitude = 1, period = 0.3", or "-".
    static func notes(_ e: CatalogEntry) -> String {
        if let alias = e.aliasOf { return "alias of \(alias)" }
        if e.parameters.isEmpty { return "-" }
        return e.parameters.map { "\($0.name) = \(NumberFormat.shortest.string($0.defaultValue))" }
            .joined(separator: ", ")
    }
}
