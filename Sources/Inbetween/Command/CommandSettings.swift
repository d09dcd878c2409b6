import InbetweenLua

/// What a command line asks of its host: the plugin folders to add, whether the user's and
/// `INBETWEEN_PLUGIN_PATH`'s plugins load, the sandbox, and the limits. The command line parses
/// them from its options (`--plugins`, `--no-user-plugins`, `--trusted`, `--max-...`,
/// `--timeout`) and forwards them to its batch workers; `CommandHost` is made from them.
package struct CommandSettings: Sendable {
    /// Folders of plugins loaded after the shipped, user and environment ones (`--plugins`).
    package var pluginFolders: [String] = []
    /// false for reproducible runs (`--no-user-plugins`): only the shipped and named folders.
    package var userPlugins = true
    /// Scripts get Lua's full standard library (`--trusted`).
    package var trusted = false
    /// The bounds of one run (0 turns one off), and the largest file read.
    package var limits = HostOptions.Limits.defaults

    package init() {}

    /// Where the plugins are looked for: the shipped folder found from the executable (or the
    /// copies built in), then the user's and the environment's, then `pluginFolders`.
    var search: PluginSearch {
        var search = PluginSearch()
        search.extraDirectories = pluginFolders
        search.includeUserAndEnvironment = userPlugins
        return search
    }

    /// The plugin files the search finds now (`--watch` looks for new and removed ones).
    package func pluginFiles() -> [String] { search.files() }
}
