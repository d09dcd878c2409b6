import CLua
import InbetweenEngine

extension Runtime {
    /// Runs a script and tells whether it returned an easing (a function, a timing object or
    /// a timing spec string) rather than building a scene. Used by `plot`, which draws either.
    package func scriptReturnsEasing(file path: String) throws(LuaError) -> Bool {
        try scriptReturnsEasing(.file(path))
    }

    /// `scriptReturnsEasing(file:)` for a script from any source (standard input among them).
    package func scriptReturnsEasing(_ script: ScriptSource) throws(LuaError) -> Bool {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        guard try runScript(script) > 0 else { return false }
        let type = s.type(at: -1)
        return type == LUA_TFUNCTION || type == LUA_TSTRING || type == LUA_TUSERDATA
    }
}

extension Runtime {
    /// Runs a script that builds a scene. It returns nothing (or a layer it built); any other
    /// value is one the host cannot use, and silently dropping it would hide the mistake (an
    /// animation returned instead of added, an easing given to `run`), so it is an error that
    /// says what to do instead.
    package func runSceneScript(_ script: ScriptSource, parameters: ScriptParameter? = nil) throws(LuaError) {
        let s = host.stack
        let base = s.top
        defer { s.top = base }
        let count = try runScript(script, parameters: parameters)
        guard count > 0 else { return }
        let i = base + 1
        let name = script.name
        var operand = name
        if case .text = script { operand = "-" }
        func fail(_ message: String) -> LuaError {
            LuaError(kind: .runtime, chunk: nil, line: nil, message: "\(name): \(message)")
        }
        switch s.type(at: i) {
        case LUA_TNIL:
            return
        case LUA_TUSERDATA:
            if host.object(at: i, SceneBindings.layerType, as: LayerHandle.self) != nil { return }
            if host.object(at: i, AnimationBindings.typeName, as: AnimationBox.self) != nil {
                throw fail(
                    "the script returned an animation, but only animations added to a layer run; "
                        + "add it instead: local l = layer{name = \"box\"}; l:add(animation.basic{...})")
            }
            throw fail(
                "the script returned a \(s.typeName(at: i)) value, which the host cannot use; "
                    + "a scene script builds layers and animations and returns nothing (to sample an "
                    + "easing, use inbetween curve or plot)")
        case LUA_TFUNCTION, LUA_TSTRING:
            throw fail(
                "the script returned a \(s.typeName(at: i)), which the host cannot use here: a scene "
                    + "script builds layers and animations and returns nothing (to sample an easing, use "
                    + "inbetween curve \(operand) or inbetween plot \(operand))")
        default:
            let value = s.type(at: i) == LUA_TTABLE ? "" : " (\(host.describe(at: i)))"
            throw fail(
                "the script returned a \(s.typeName(at: i))\(value), which the host cannot use; "
                    + "a scene script builds layers and animations and returns nothing")
        }
    }

    /// Where the script created each animation it never added to a layer or a group
    /// (`x.lua:3:`), in the order created; a command warns about them after sampling (a
    /// callback may still add one then).
    package var animationsNotAdded: [String] {
        state.animationsNotAdded.sorted { $0.key < $1.key }.map(\.value)
    }
}
