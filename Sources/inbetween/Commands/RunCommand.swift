import Foundation
import InbetweenLua

/// `inbetween run SCRIPT.lua`: runs the script and prints what it returned.
enum RunCommand {
    static func run(_ args: inout Arguments) throws -> Int32 {
        let options = try RuntimeOptions(&args)
        guard let script = args.next() else { throw UsageError("run needs a script") }
        try args.finish()
        let runtime = try options.makeRuntime()
        let host = runtime.host
        runtime.scriptDirectory = (script as NSString).deletingLastPathComponent.isEmpty
            ? "." : (script as NSString).deletingLastPathComponent
        let count = try host.run(file: script)
        for i in 0..<count {
            print(host.describe(at: -count + i))
        }
        withExtendedLifetime(runtime) {}
        return 0
    }
}
