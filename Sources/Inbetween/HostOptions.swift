import InbetweenLua

/// How an `InbetweenHost` loads plugins and how far scripts may go.
public struct HostOptions: Hashable, Sendable {
    /// Folders of plugin files (`*.lua`), loaded in this order; a later plugin wins a name
    /// clash. An app passes the folders it ships in its bundle (a copy of Inbetween's own
    /// `plugins/` gives the shipped easings, springs and presets) or downloads presets into.
    public var pluginFolders: [String]
    /// Scripts and plugins run in the sandbox (no `io`, `os.execute`, `debug`, binary chunks,
    /// `__gc`) unless this is false. Keep it true for anything downloaded.
    public var sandboxed: Bool
    /// Bounds on what one script run may take.
    public var limits: Limits

    /// - Parameters:
    ///   - pluginFolders: folders of plugin files, loaded in order.
    ///   - sandboxed: run scripts in the sandbox (the default).
    ///   - limits: bounds on a run (`Limits.defaults`: the CLI's defaults).
    public init(pluginFolders: [String] = [], sandboxed: Bool = true, limits: Limits = .defaults) {
        self.pluginFolders = pluginFolders
        self.sandboxed = sandboxed
        self.limits = limits
    }

    /// Bounds on one run of a script (instructions, memory bytes, wall-clock seconds, frames);
    /// 0 turns a bound off, and hitting one ends the run with a `ScriptError` of kind `.limit`.
    /// `.defaults` are the CLI's: 1e9 instructions, 1 GiB, 60 s, 1e7 frames; `.none` has none.
    public typealias Limits = LuaLimits
}
