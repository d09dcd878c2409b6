import Foundation
import InbetweenLua

/// Fuzzer input as a plugin file: the bytes are written to `fuzz.lua` in a folder of this
/// process's own and loaded as the only plugin, under the fuzzer's limits (a plugin that loops,
/// allocates or errors while loading must be reported and skipped, never abort the host); then
/// a script calls every easing the runtime knows at a few times and applies every preset, so
/// what the plugin registered is exercised too.
enum FuzzPlugin {
    static let folder: String = {
        let path = NSTemporaryDirectory() + "inbetween-fuzz-plugins-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static let user = """
        for _, name in ipairs(easing.names()) do
          local ok, f = pcall(easing.get, name)
          if ok and f then
            for _, t in ipairs({0, 0.25, 0.5, 1}) do pcall(f, t) end
          end
        end
        local l = layer{name = "p", opacity = 0}
        for _, name in ipairs(timing.names()) do pcall(timing.get, name) end
        pcall(function() l:add(animation.preset("fuzz", {}), "fuzz") end)
        """

    static func run(_ bytes: ArraySlice<UInt8>) {
        guard FileManager.default.createFile(atPath: folder + "/fuzz.lua", contents: Data(bytes)),
            let runtime = try? Runtime(memoryLimit: FuzzRun.limits.memory)
        else { return }
        runtime.host.limits = FuzzRun.limits
        var search = PluginSearch()
        search.includeUserAndEnvironment = false
        search.includeShipped = false
        search.extraDirectories = [folder]
        // As the CLI loads plugins (RuntimeOptions.makeRuntime): inside one budget.
        guard (try? runtime.host.beginBudget()) != nil else { return }
        _ = runtime.loadPlugins(search)
        runtime.host.endBudget()
        _ = try? runtime.host.withBudget {
            try runtime.runJob(source: user, chunkName: "user")
            try runtime.sampleScene { _ in }
        }
        _ = runtime.host.takeWarnings()
    }
}
