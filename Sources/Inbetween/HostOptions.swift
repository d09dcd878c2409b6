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

    /// Bounds on one run of a script; 0 turns a bound off. Hitting one ends the run with a
    /// `ScriptError` of kind `.limit`.
    public struct Limits: Hashable, Sendable {
        /// Lua VM instructions.
        public var instructions: Int
        /// Bytes the Lua state may hold.
        public var memoryBytes: Int
        /// Wall-clock seconds.
        public var seconds: Double
        /// Frames one run may produce.
        public var frames: Int

        /// - Parameters: see the properties; 0 means no bound.
        public init(instructions: Int = 0, memoryBytes: Int = 0, seconds: Double = 0, frames: Int = 0) {
            self.instructions = instructions
            self.memoryBytes = memoryBytes
            self.seconds = seconds
            self.frames = frames
        }

        /// The CLI's defaults: 1e9 instructions, 1 GiB, 60 s, 1e7 frames.
        public static let defaults = Limits(
            instructions: 1_000_000_000, memoryBytes: 1 << 30, seconds: 60, frames: 10_000_000)
        /// No bounds at all (trusted, local scripts only).
        public static let none = Limits()
    }
}
