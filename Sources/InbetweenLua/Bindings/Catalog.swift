import CLua
import InbetweenEngine

/// One name users can refer to, and where it came from (for `inbetween list`).
package struct CatalogEntry: Hashable, Sendable {
    /// An argument a registered easing takes after t, with the value it has when not given.
    package struct Parameter: Hashable, Sendable {
        package var name: String
        package var defaultValue: Double
    }
    package var kind: String  // "timing", "easing", "spring", "preset"
    package var name: String
    package var plugin: String
    package var file: String
    /// The canonical name this one is another name for (`ease-in` -> `easeIn`), or nil.
    package var aliasOf: String? = nil
    /// A registered easing's parameters, in argument order (`backOut(overshoot)`).
    package var parameters: [Parameter] = []
}

extension Runtime {
    /// Every timing preset, easing, spring and animation preset, sorted by kind then name.
    package func catalog() -> [CatalogEntry] {
        var out: [CatalogEntry] = []
        for (name, aliases) in TimingFunction.presetAliases {
            out.append(CatalogEntry(kind: "timing", name: name, plugin: "builtin", file: "-"))
            for alias in aliases {
                out.append(
                    CatalogEntry(kind: "timing", name: alias, plugin: "builtin", file: "-", aliasOf: name))
            }
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
                let info = s.top
                var parameters: [CatalogEntry.Parameter] = []
                s.rawField(info, "params")
                if s.type(at: -1) == LUA_TTABLE {
                    for n in 0..<s.rawLength(-1) {
                        s.rawIndex(-1, Int64(n + 1))
                        s.rawField(-1, "name")
                        s.rawField(-2, "default")
                        if let parameter = s.string(at: -2), let value = s.number(at: -1) {
                            parameters.append(.init(name: parameter, defaultValue: value))
                        }
                        s.pop(3)
                    }
                }
                s.pop()
                s.rawField(info, "plugin")
                s.rawField(info, "file")
                out.append(
                    CatalogEntry(
                        kind: kind, name: name, plugin: s.string(at: -2) ?? "?",
                        file: s.string(at: -1) ?? "?", parameters: parameters))
                s.top = names
            }
        }
        return out
    }
}
