import Inbetween

/// One invocation of the command line: the host its command made, kept until the process
/// ends (a host is never closed, see CommandHost), whose warnings are reported after the
/// command's own messages.
final class CommandSession {
    /// The last host made (a --watch attempt or a recycled batch worker makes another).
    private(set) var host: CommandHost?

    func keep(_ host: CommandHost) { self.host = host }

    /// Warnings Lua collected (errors in __gc metamethods among them) since the last report.
    func reportWarnings() {
        if let host { Diagnostics.report(warnings: host.takeWarnings()) }
    }
}
