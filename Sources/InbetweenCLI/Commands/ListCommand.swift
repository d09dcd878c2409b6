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
            try StandardOutput.line(CatalogListing.json(entries, clashes: clashes))
        } else {
            try StandardOutput.write(CatalogListing.table(entries, clashes: clashes))
        }
        return 0
    }
}
