import InbetweenEngine

/// Fuzzer input as text for the two parsers of the engine that read strings a user writes:
/// CSS easing syntax (`TimingFunction.parse(css:)`: the CSS tokenizer, math functions,
/// cubic-bezier(), steps(), linear()) and SVG path data (`TimingFunction.path`, whose parser
/// and measuring are shared with motion paths). Whatever a parser accepts is evaluated at
/// inputs from 0 to 1 and at the ends of the Double range. A thrown error is the expected
/// outcome for most inputs; a trap, a crash or a hang is a finding.
enum FuzzSyntax {
    static let inputs: [Double] = [
        0, 0.25, 0.5, 1, -1, 2, 1e-300, -1e308, 1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]

    static func css(_ bytes: ArraySlice<UInt8>) {
        evaluate(try? TimingFunction.parse(css: String(decoding: bytes, as: UTF8.self)))
    }

    static func svgPath(_ bytes: ArraySlice<UInt8>) {
        evaluate(try? TimingFunction.path(String(decoding: bytes, as: UTF8.self)))
    }

    private static func evaluate(_ function: TimingFunction?) {
        guard let function else { return }
        for x in inputs { _ = function(x) }
    }
}
