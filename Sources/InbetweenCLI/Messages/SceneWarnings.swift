import Inbetween
import InbetweenLua

/// Warnings about work a script did that produced nothing: animations it created but never
/// added to a layer, and a scene that animates nothing. Not errors (the run did what the script
/// said), but the output is empty or short of what the script seems to mean, so the user hears
/// about it on stderr: `inbetween: warning: x.lua:3: animation created but never added to a layer`.
enum SceneWarnings {
    static func report(_ runtime: Runtime, script: ScriptSource, animatedTracks: Int) {
        for position in runtime.animationsNotAdded {
            let place = position.isEmpty ? "\(script.name):" : position
            Diagnostics.write("inbetween: warning: \(place) animation created but never added to a layer")
        }
        if animatedTracks == 0 {
            Diagnostics.write(
                "inbetween: warning: \(script.name): the scene animates nothing (no layer has an animation; "
                    + "add one with l:add(animation.basic{...}), or change a property inside transaction{...})"
            )
        }
    }
}

extension Runtime {
    /// The files a command's output must not replace: every file loaded (plugins, the
    /// script, its modules) and standard input when the script came from there.
    func inputFiles(_ script: ScriptSource) -> [String] {
        if case .text = script { return host.filesLoaded + ["/dev/stdin"] }
        return host.filesLoaded
    }
}
