import InbetweenEngine
import InbetweenLua

/// Fuzzer input as a batch manifest: each line is read by the strict JSON reader
/// (ScriptParameter(json:): duplicate keys, 2^53, depth, UTF-8, escapes), and every value it
/// accepts goes to a job as its `params` — a job's `params` field when the line is a job
/// object, else the whole value — in one runtime reused from line to line, as a batch worker
/// reuses its own. The job walks the tables it gets (the conversion to Lua tables is where
/// deep `params` once corrupted a worker's heap) and builds a scene sized by them.
enum FuzzManifest {
    static let walker = """
        local function size(v)
          if type(v) ~= "table" then return 1 end
          local n = 1
          for _, x in pairs(v) do n = n + size(x) end
          return n
        end
        local n = size(params)
        local l = layer{name = "params", opacity = 0}
        l:add(animation.basic{keyPath = "opacity", fromValue = 0, toValue = 1, duration = n / 100}, "o")
        """

    static func run(_ bytes: ArraySlice<UInt8>) {
        guard let runtime = try? Runtime(memoryLimit: FuzzRun.limits.memory) else { return }
        runtime.host.limits = FuzzRun.limits
        for line in bytes.split(separator: UInt8(ascii: "\n")).prefix(16) {
            guard let value = try? ScriptParameter(json: line) else { continue }
            var parameters = value
            if case .object(let fields) = value, let given = fields["params"] { parameters = given }
            _ = try? runtime.host.withBudget {
                try runtime.runJob(source: walker, chunkName: "manifest", parameters: parameters)
                try runtime.sampleScene { _ in }
            }
            _ = runtime.host.takeWarnings()
        }
    }
}
