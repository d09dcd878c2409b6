import Inbetween

/// Warnings about work a script did that produced nothing: animations it created but never
/// added to a layer, and a scene that animates nothing. Not errors (the run did what the script
/// said), but the output is empty or short of what the script seems to mean, so the user hears
/// about it on stderr: `inbetween: warning: x.lua:3: animation created but never added to a layer`.
enum SceneWarnings {
    static func report(_ host: CommandHost, script: ScriptSource, animatedTracks: Int) {
        for position in host.animationsNotAdded {
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
