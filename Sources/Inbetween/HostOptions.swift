import Foundation
import InbetweenLua

/// How an `InbetweenHost` loads plugins and how far scripts may go.
public struct HostOptions: Hashable, Sendable {
    /// Whether the shipped plugins (`penner`, `css`, `springs`, `coreanimation`, `custom`: the
    /// easings, springs and presets the command line has) load first. They are built into the
    /// library: nothing to copy beside an app.
    public var includesShippedPlugins: Bool
    /// Folders of plugin files (`*.lua`), loaded in this order after the shipped ones; a later
    /// plugin wins a name clash. An app passes folders it ships in its bundle or downloads
    /// presets into.
    public var pluginFolders: [URL]
    /// Scripts and plugins run in the sandbox (no `io`, `os.execute`, `debug`, binary chunks,
    /// `__gc`) unless this is false. Keep it true for anything downloaded.
    public var sandboxed: Bool
    /// Bounds on what one script run may take.
    public var limits: Limits
    /// The folder the host's scripts read images from: `image("a.png")` is `imageFolder/a.png`,
    /// and nothing outside it or the plugin folders is read. nil: a script file reads them from
    /// its own folder, and a script given as text (`run(source:)`), which has none, finds only
    /// the images the app handed over (`InbetweenHost.addImage(_:named:)`).
    public var imageFolder: URL?

    /// - Parameters:
    ///   - includesShippedPlugins: load the shipped plugins built into the library (the default).
    ///   - pluginFolders: more folders of plugin files, loaded in order.
    ///   - sandboxed: run scripts in the sandbox (the default).
    ///   - limits: bounds on a run (`Limits.defaults`: the command line's defaults).
    ///   - imageFolder: where a script given as text reads its images from.
    public init(
        includesShippedPlugins: Bool = true, pluginFolders: [URL] = [], sandboxed: Bool = true,
        limits: Limits = .defaults, imageFolder: URL? = nil
    ) {
        self.includesShippedPlugins = includesShippedPlugins
        self.pluginFolders = pluginFolders
        self.sandboxed = sandboxed
        self.limits = limits
        self.imageFolder = imageFolder
    }

    /// Bounds on one run of a script, and on each plugin file as it loads. Zero turns a bound
    /// off; reaching one ends the run with a `ScriptError` whose `limit` names it, even when
    /// the script catches the error with `pcall`.
    ///
    /// Process-wide effects: a run with an `instructions` or `seconds` bound starts, the first
    /// time, one watchdog thread for the whole process (it sleeps until a deadline) and
    /// installs a handler for `SIGURG`, a signal ignored by default, which the watchdog sends
    /// to the thread running Lua to stop it there. Runs with only `memory` and `frames` bounds
    /// (or `.none`) need neither. An app that uses `SIGURG` itself should turn those two off.
    public struct Limits: Hashable, Sendable {
        /// Lua VM instructions (a lower bound is counted, so the bound never fires early).
        public var instructions: Int
        /// Bytes the Lua state may hold.
        public var memory: Int
        /// Wall-clock seconds.
        public var seconds: Double
        /// Frames one run may produce.
        public var frames: Int
        /// Bytes of a script, module or plugin file.
        public var scriptSize: Int

        public init(
            instructions: Int = 0, memory: Int = 0, seconds: Double = 0, frames: Int = 0, scriptSize: Int = 0
        ) {
            self.instructions = instructions
            self.memory = memory
            self.seconds = seconds
            self.frames = frames
            self.scriptSize = scriptSize
        }

        /// The command line's defaults: 1e9 instructions, 1 GiB, 60 s, 1e7 frames, 8 MiB
        /// files. A normal script never meets them.
        public static let defaults = Limits(
            instructions: LuaLimits.defaults.instructions, memory: LuaLimits.defaults.memory,
            seconds: LuaLimits.defaults.seconds, frames: LuaLimits.defaults.frames,
            scriptSize: LuaHost.defaultMaximumFileSize)

        /// No bounds at all (and no watchdog thread).
        public static let none = Limits()

        var lua: LuaLimits {
            LuaLimits(instructions: instructions, memory: memory, seconds: seconds, frames: frames)
        }
    }
}
