import Inbetween

/// A command line parsed against one command's entry in the option table (CommandTable).
///
/// The rules, the same for every command:
/// - `--opt value` and `--opt=value`; short options as `-o value` or `-ovalue`;
/// - a value is the next argument whatever it looks like (`--from -1`, `-o -`);
/// - an option not in the table is a usage error, never an operand; `-` alone is an operand
///   (standard input or output), and everything after `--` is an operand;
/// - an option given twice is an error unless the table marks it `accumulate` (`--plugins`);
/// - `--format` and other `choice` options are checked against their words here.
/// Options may appear anywhere among the operands.
struct Arguments {
    let command: CommandSpec
    /// Values by the option's table name, in the order given (`[]` for a flag that was given).
    /// Arrays rather than a dictionary and a set: a handful of options, and this runs at every
    /// start-up, where each generic type's metadata is built at run time on first use (goal 4).
    private var given: [(name: String, values: [String])] = []
    private var operands: [String] = []
    /// Options the command has asked about: every option given must have been read by
    /// `finish()`, or the table declares something the command ignores.
    private var read: [String] = []

    init(parsing items: [String], for command: CommandSpec) throws(UsageError) {
        self.command = command
        var i = 0
        while i < items.count {
            let item = items[i]
            i += 1
            if item == "--" {
                operands += items[i...]
                break
            }
            guard item.hasPrefix("-"), item != "-" else {
                operands.append(item)
                continue
            }
            var spelling = item
            var inline: String?
            if item.hasPrefix("--") {
                if let eq = item.firstIndex(of: "=") {
                    spelling = String(item[..<eq])
                    inline = String(item[item.index(after: eq)...])
                }
            } else if item.count > 2 {
                // `-ovalue` (getopt's attached value), and `-o=value` like the long options.
                spelling = String(item.prefix(2))
                inline = String(item.dropFirst(item.dropFirst(2).hasPrefix("=") ? 3 : 2))
            }
            guard let option = command.option(spelling) else {
                throw .unknownOption(item, command: command.name, hint: Arguments.hint(item, command))
            }
            var value: String?
            if option.takesValue {
                if let inline {
                    value = inline
                } else if i < items.count {
                    value = items[i]
                    i += 1
                } else {
                    throw .missingValue(option: option.name, metavar: option.metavar ?? "VALUE")
                }
            } else if inline != nil {
                if spelling.hasPrefix("--") {
                    throw .unexpectedValue(option: option.name, item: item)
                }
                throw .unknownOption(item, command: command.name, hint: "")
            }
            if let value, let choices = option.choices, !choices.contains(value) {
                let list = choices.joined(separator: ", ")
                if option.name == "--format" {
                    throw .unknownFormat(value, command: command.name, valid: choices)
                }
                throw .badValue(option: option.name, rule: "one of \(list)", value: value)
            }
            if let k = given.firstIndex(where: { $0.name == option.name }) {
                guard option.repetition == .accumulate else {
                    throw .repeated(option: option.name)
                }
                given[k].values += value.map { [$0] } ?? []
            } else {
                given.append((option.name, value.map { [$0] } ?? []))
            }
        }
    }

    /// `--fromm` -> "; did you mean --from?": the options that start the same way, then the
    /// closest by edit distance (`--fsp` -> `--fps`).
    private static func hint(_ item: String, _ command: CommandSpec) -> String {
        let spelling = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? item
        guard spelling.count >= 3 else { return "" }
        let names = command.options.map(\.name)
        var close = names.filter { $0.hasPrefix(spelling) || spelling.hasPrefix($0) }
        for name in Suggestions.closest(to: spelling, in: names) where !close.contains(name) {
            close.append(name)
        }
        return close.isEmpty ? "" : "; did you mean \(close.prefix(3).joined(separator: " or "))?"
    }

    private mutating func declared(_ name: String) -> OptionSpec {
        guard let option = command.option(name) else {
            preconditionFailure(
                "\(command.name) reads option \(name), which its table entry does not declare")
        }
        if !read.contains(option.name) { read.append(option.name) }
        return option
    }

    private mutating func lookup(_ name: String) -> [String]? {
        let canonical = declared(name).name
        return given.first { $0.name == canonical }?.values
    }

    /// Whether the flag was given.
    mutating func flag(_ name: String) -> Bool {
        lookup(name) != nil
    }

    /// The value of an option given once (or the last of a repeatable one).
    mutating func option(_ name: String) -> String? {
        lookup(name)?.last
    }

    /// Every value of a repeatable option, in order.
    mutating func values(_ name: String) -> [String] {
        lookup(name) ?? []
    }

    /// `name N` as a finite number obeying `rule`; the error names the option and the rule.
    mutating func number(
        _ name: String, rule: (Double) -> Bool = { _ in true }, ruleText: String = "a number"
    )
        throws(UsageError) -> Double?
    {
        guard let text = option(name) else { return nil }
        guard let v = Double(text), v.isFinite, rule(v) else {
            throw .badValue(option: declared(name).name, rule: ruleText, value: text)
        }
        return v
    }

    /// `name N` as a whole number in `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>, of what: String) throws(UsageError)
        -> Int?
    {
        try number(
            name,
            rule: { $0 == $0.rounded() && Double(range.lowerBound) <= $0 && $0 <= Double(range.upperBound) },
            ruleText: "a whole number of \(what) from \(range.lowerBound) to \(range.upperBound)"
        )
        .map { Int($0) }
    }

    /// The next operand.
    mutating func next() -> String? {
        guard !operands.isEmpty else { return nil }
        return operands.removeFirst()
    }

    /// Fails on a stray operand; checks that the command read every option it was given.
    func finish() throws(UsageError) {
        if let extra = operands.first {
            throw .unexpectedArgument(extra, command: command.name)
        }
        for (name, _) in given where !read.contains(name) {
            preconditionFailure(
                "\(command.name) was given \(name), declared in its table entry, but never read it")
        }
    }
}

extension Arguments {
    /// `--format F`, `--precision P` and `--bake` of `run`, `batch` and the workers, made into
    /// the format by the library's one factory; an unknown name is a usage error naming the
    /// valid ones.
    mutating func outputFormat() throws(UsageError) -> OutputFormat {
        let name = option("--format") ?? "json"
        let precision = try precision()
        let bake = flag("--bake")
        // --bake changes css and swift only: with another format it is a mistake, not a no-op.
        if bake && name != "css" && name != "swift" && OutputFormat.names.contains(name) {
            throw UsageError("option --bake applies to --format css or swift, not \(name)")
        }
        let world = flag("--world")
        if world && !["json", "jsonl", "csv"].contains(name) && OutputFormat.names.contains(name) {
            throw UsageError("option --world applies to --format json, jsonl or csv, not \(name)")
        }
        do {
            return try OutputFormat(name: name, precision: precision, bake: bake, world: world)
        } catch {
            throw .unknownFormat(name, command: command.name, valid: OutputFormat.names)
        }
    }

    /// batch's and its workers' `--format`: a frame format, or a picture format drawn as
    /// `render` draws it (`mp4`, `webm`, `gif`, `apng`, `png`: the first frame), which takes no
    /// `--precision` or `--bake`.
    mutating func batchFormat() throws(UsageError) -> BatchFormat {
        guard let name = option("--format"), let kind = BatchFormat.pictures[name] else {
            return .frames(try outputFormat())
        }
        let precision = try precision()
        let bake = flag("--bake")
        let world = flag("--world")
        if precision != nil || bake || world {
            throw UsageError(
                "option \(bake ? "--bake" : world ? "--world" : "--precision") is for the frame formats (\(OutputFormat.names.joined(separator: ", "))), not \(name)"
            )
        }
        return .picture(name, kind)
    }

    /// `--precision P`: the same rule and wording for every command.
    mutating func precision() throws(UsageError) -> Int? {
        try integer("--precision", in: NumberFormat.precisionRange, of: "decimals")
    }

    /// `--fps N`: the same range for every command (as `keyframes.generate` and `scene{fps}`).
    mutating func frameRate() throws(UsageError) -> Double? {
        try number(
            "--fps", rule: { $0 > 0 && $0 <= SamplingRequest.maximumFPS },
            ruleText: "a frame rate in (0, \(NumberFormat.shortest.string(SamplingRequest.maximumFPS))]")
    }
}
