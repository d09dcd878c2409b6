/// A mistake in the command line itself (exit status 2, and a pointer to the help): the
/// option, the value and the rule it breaks, worded in this one place. Diagnostics prints
/// `inbetween: MESSAGE` and `Try 'inbetween help COMMAND' for usage.`
enum UsageError: Error, Equatable {
    /// `option OPTION needs RULE, got 'VALUE'`.
    case badValue(option: String, rule: String, value: String)
    /// `option OPTION needs a value (METAVAR)`.
    case missingValue(option: String, metavar: String)
    /// `option OPTION takes no value, got 'ITEM'`.
    case unexpectedValue(option: String, item: String)
    /// `option OPTION given twice`.
    case repeated(option: String)
    /// `unknown option 'ITEM' for COMMAND`, then a hint (" (did you mean ...?)") or nothing.
    case unknownOption(String, command: String, hint: String)
    /// `unknown command 'NAME'`, then a hint or the list of commands.
    case unknownCommand(String, hint: String)
    /// `unknown format 'NAME' for COMMAND (VALID, ...)`.
    case unknownFormat(String, command: String, valid: [String])
    /// `unexpected argument 'ITEM' for COMMAND`.
    case unexpectedArgument(String, command: String)
    /// `COMMAND needs WHAT`: an operand or a required option left out.
    case missing(command: String, what: String)
    /// Any other rule about how the command line goes together, in its own words.
    case rule(String)

    /// A rule in its own words.
    init(_ text: String) { self = .rule(text) }

    var message: String {
        switch self {
        case .badValue(let option, let rule, let value):
            return "option \(option) needs \(rule), got '\(value)'"
        case .missingValue(let option, let metavar): return "option \(option) needs a value (\(metavar))"
        case .unexpectedValue(let option, let item): return "option \(option) takes no value, got '\(item)'"
        case .repeated(let option): return "option \(option) given twice"
        case .unknownOption(let item, let command, let hint):
            return "unknown option '\(item)' for \(command)\(hint)"
        case .unknownCommand(let name, let hint): return "unknown command '\(name)'\(hint)"
        case .unknownFormat(let name, let command, let valid):
            return "unknown format '\(name)' for \(command) (\(valid.joined(separator: ", ")))"
        case .unexpectedArgument(let item, let command): return "unexpected argument '\(item)' for \(command)"
        case .missing(let command, let what): return "\(command) needs \(what)"
        case .rule(let text): return text
        }
    }
}
