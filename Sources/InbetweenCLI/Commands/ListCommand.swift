import Foundation
import Inbetween
import InbetweenLua

/// `inbetween list [--json]`: every timing preset, easing, spring and animation preset with the
/// plugin and file it came from, and the name clashes resolved while loading.
enum ListCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let options = try RuntimeOptions(&args)
        try args.finish()
        let runtime = try options.makeRuntime(verbose: CLI.verbose)
        let entries = runtime.catalog()
        let clashes = runtime.pluginReport.clashes
        if json {
            let rows = entries.map {
                "{\"kind\":\(jsonString($0.kind)),\"name\":\(jsonString($0.name)),\"plugin\":\(jsonString($0.plugin)),\"file\":\(jsonString($0.file))}"
            }
            let clashRows = clashes.map { jsonString($0.description) }
            print(
                "{\"entries\":[\n " + rows.joined(separator: ",\n ") + "],\n\"clashes\":["
                    + clashRows.joined(separator: ",") + "]}")
        } else {
            let nameWidth = entries.map(\.name.count).max() ?? 0
            let pluginWidth = entries.map(\.plugin.count).max() ?? 0
            for e in entries {
                print(
                    [
                        e.kind.padding(toLength: 7, withPad: " ", startingAt: 0),
                        e.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0),
                        e.plugin.padding(toLength: pluginWidth, withPad: " ", startingAt: 0),
                        e.file,
                    ].joined(separator: "  "))
            }
            if !clashes.isEmpty {
                print("\nname clashes (a plugin loaded later wins):")
                for c in clashes { print("  " + c.description) }
            }
        }
        return 0
    }
}
