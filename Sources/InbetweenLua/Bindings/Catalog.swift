import CLua
import InbetweenEngine

/// One name users can refer to, and where it came from (for `inbetween list`).
public struct CatalogEntry: Hashable, Sendable {
    public var kind: String  // "timing", "easing", "spring", "preset"
    public var name: String
    public var plugin: String
    public var file: String
}

extension Runtime {
    /// Every timing preset, easing, spring and animation preset, sorted by kind then name.
    public func catalog() -> [CatalogEntry] {
        var out = TimingFunction.presetNames.map {
            CatalogEntry(kind: "timing", name: $0, plugin: "builtin", file: "-")
        }
        let s = host.stack
        for (kind, global) in [("easing", "easing"), ("spring", "springs"), ("preset", "presets")] {
            let base = s.top
            defer { s.top = base }
            pushRegistry(global)
            guard s.type(at: -1) == LUA_TTABLE else { continue }
            let registry = s.top
            s.rawField(registry, "names")
            guard (try? host.call(arguments: 0, results: 1)) != nil, s.type(at: -1) == LUA_TTABLE else {
                continue
            }
            let names = s.top
            for name in s.strings(at: names) {
                s.rawField(registry, "info")
                s.push(name)
                guard (try? host.call(arguments: 1, results: 1)) != nil, s.type(at: -1) == LUA_TTABLE else {
                    s.top = names
                    continue
                }
                s.rawField(-1, "plugin")
                s.rawField(-2, "file")
                out.append(
                    CatalogEntry(
                        kind: kind, name: name, plugin: s.string(at: -2) ?? "?",
                        file: s.string(at: -1) ?? "?"))
                s.top = names
            }
        }
        return out
    }
}
