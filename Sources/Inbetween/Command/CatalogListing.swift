import Foundation
import InbetweenEngine

/// What the plugins registered (`CommandHost.catalog()`), listed for people (a table under a
/// header line) or as JSON: `inbetween list`'s output.
package enum CatalogListing {
    /// `{"entries":[...],"clashes":[...]}`: one entry a line, without the final newline.
    package static func json(_ entries: [CatalogEntry], clashes: [String]) -> String {
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
        return "{\"entries\":[\n " + rows.joined(separator: ",\n ") + "],\n\"clashes\":["
            + clashRows.joined(separator: ",") + "]}"
    }

    /// One row per name a script can use under KIND NAME PLUGIN NOTES FILE, then the clashes.
    /// NOTES gives what an alias stands for and an easing's parameters with their defaults
    /// (`backOut(overshoot)` = backOut(1.70158)).
    package static func table(_ entries: [CatalogEntry], clashes: [String]) -> String {
        let header = ["KIND", "NAME", "PLUGIN", "NOTES", "FILE"]
        let rows = [header] + entries.map { e in [e.kind, e.name, e.plugin, notes(e), e.file] }
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
        return text
    }

    /// "alias of easeIn", "overshoot = 1.70158", "amplitude = 1, period = 0.3", or "-".
    static func notes(_ e: CatalogEntry) -> String {
        if let alias = e.aliasOf { return "alias of \(alias)" }
        if e.parameters.isEmpty { return "-" }
        return e.parameters.map { "\($0.name) = \(NumberFormat.shortest.string($0.defaultValue))" }
            .joined(separator: ", ")
    }
}
