import Foundation

/// SVG path data read into absolute pieces, the first subpath only (SVG 2, "Paths", §9.3 The
/// grammar for path data: https://www.w3.org/TR/SVG2/paths.html#PathDataBNF).
///
/// Every command is accepted, absolute and relative: M, L, H, V, C, S, Q, T, A, Z. Lines and
/// quadratics become cubics exactly (`CubicSegment.line` and `.quad`); arcs stay arcs (`EllipticArc`), so nothing is approximated.
/// The first subpath ends at a Z or at the next M: an easing is one curve.
struct SVGPathData {
    /// One drawing command's piece, in the path's own coordinates.
    struct Piece: Sendable {
        enum Geometry: Sendable {
            case cubic(CubicSegment)
            case arc(EllipticArc)
        }
        var geometry: Geometry
        /// The command as written (`C`, `q`, `A`...) and its position among the pieces, 1-based:
        /// what an error about this piece names.
        var command: Character
        var number: Int
    }

    var pieces: [Piece] = []

    init(_ text: String) throws {
        var reader = PathReader(scanner: Scanner(bytes: Array(text.utf8), text: text))
        pieces = try reader.read()
    }
}

/// Reads the first subpath's commands into pieces, keeping what the next command needs: the
/// current point, the subpath's start, and the previous control point for S and T.
private struct PathReader {
    var scanner: Scanner
    var pieces: [SVGPathData.Piece] = []
    var current = Point.zero
    var start = Point.zero
    var lastCubicControl: Point?  // for S: the previous C/S second control point
    var lastQuadControl: Point?  // for T: the previous Q/T control point

    init(scanner: Scanner) { self.scanner = scanner }

    mutating func read() throws -> [SVGPathData.Piece] {
        scanner.skipSeparators()
        guard let first = scanner.command(), first == "M" || first == "m" else {
            throw scanner.fail("path data must start with M (moveto)")
        }
        var command: Character? = first
        while let drawing = command {
            command = try drawRepeated(drawing)
        }
        if pieces.isEmpty { throw scanner.fail("path data draws nothing after its M") }
        return pieces
    }

    /// Draws `command` with each of its argument groups: `C a b c d e f` draws two curves, and
    /// coordinate pairs after M are implicit L commands (the grammar's
    /// "moveto-argument-sequence"). The command that follows, or nil where the first subpath
    /// ends (a Z, the end of the text, or the next M: an easing is one curve).
    private mutating func drawRepeated(_ command: Character) throws -> Character? {
        var command = command
        repeat {
            guard let next = try draw(command) else { return nil }
            command = next
        } while scanner.startsNumber()
        guard let next = scanner.command() else {
            if scanner.atEnd { return nil }
            throw scanner.fail("expected a path command")
        }
        return next == "M" || next == "m" ? nil : next
    }

    /// Draws one argument group of `command`; the command its next group is read as, or nil
    /// after a Z (the first subpath ends there).
    private mutating func draw(_ command: Character) throws -> Character? {
        let relative = command.isLowercase
        var cubicControl: Point?
        var quadControl: Point?
        switch command {
        case "M", "m":
            moveTo(try point(relative))
            return relative ? "l" : "L"
        case "L", "l": lineTo(try point(relative), command)
        case "H", "h":
            let x = try scanner.number()
            lineTo(Point(x: relative ? current.x + x : x, y: current.y), command)
        case "V", "v":
            let y = try scanner.number()
            lineTo(Point(x: current.x, y: relative ? current.y + y : y), command)
        case "C", "c": cubicControl = try cubic(relative, command)
        case "S", "s": cubicControl = try smoothCubic(relative, command)
        case "Q", "q": quadControl = try quadratic(relative, command)
        case "T", "t": quadControl = try smoothQuadratic(relative, command)
        case "A", "a": try arc(relative, command)
        case "Z", "z":
            if current != start { append(.cubic(.line(current, start)), command) }
            return nil
        default:
            throw scanner.fail("unknown path command '\(command)'")
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
        return command
    }

    /// The next coordinate pair, from the current point when `relative`.
    private mutating func point(_ relative: Bool) throws -> Point {
        let x = try scanner.number()
        let y = try scanner.number()
        return relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
    }

    /// A first "m" is absolute (SVG 2 §9.3.3); from (0, 0) both read the same.
    private mutating func moveTo(_ p: Point) {
        current = p
        start = p
        lastCubicControl = nil
        lastQuadControl = nil
    }

    private mutating func lineTo(_ p: Point, _ command: Character) {
        append(.cubic(.line(current, p)), command)
        current = p
    }

    /// C: its second control point, which a following S reflects.
    private mutating func cubic(_ relative: Bool, _ command: Character) throws -> Point {
        let c1 = try point(relative)
        let c2 = try point(relative)
        let p = try point(relative)
        append(.cubic(CubicSegment(current, c1, c2, p)), command)
        current = p
        return c2
    }

    /// S: the first control is the reflection of the previous C/S's second one, or the current
    /// point when the previous command was neither (SVG 2 §9.3.6).
    private mutating func smoothCubic(_ relative: Bool, _ command: Character) throws -> Point {
        let c1 = lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        let c2 = try point(relative)
        let p = try point(relative)
        append(.cubic(CubicSegment(current, c1, c2, p)), command)
        current = p
        return c2
    }

    /// Q: its control point, which a following T reflects.
    private mutating func quadratic(_ relative: Bool, _ command: Character) throws -> Point {
        let q = try point(relative)
        let p = try point(relative)
        append(.cubic(.quad(current, q, p)), command)
        current = p
        return q
    }

    /// T: the control is the reflection of the previous Q/T's, or the current point.
    private mutating func smoothQuadratic(_ relative: Bool, _ command: Character) throws -> Point {
        let q = lastQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
        let p = try point(relative)
        append(.cubic(.quad(current, q, p)), command)
        current = p
        return q
    }

    private mutating func arc(_ relative: Bool, _ command: Character) throws {
        let rx = try scanner.number()
        let ry = try scanner.number()
        let rotation = try scanner.number()
        let large = try scanner.flag()
        let sweep = try scanner.flag()
        let p = try point(relative)
        switch EllipticArc.make(
            from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: large, sweep: sweep)
        {
        case .none: break  // the same end point: SVG 2 §9.5.1 draws nothing
        case .line: append(.cubic(.line(current, p)), command)
        case .arc(let arc): append(.arc(arc), command)
        }
        current = p
    }

    private mutating func append(_ geometry: SVGPathData.Piece.Geometry, _ command: Character) {
        pieces.append(SVGPathData.Piece(geometry: geometry, command: command, number: pieces.count + 1))
    }
}

/// Reads the tokens of SVG path data: command letters, numbers and arc flags, with white
/// space and commas between them where the grammar allows (`M0,0C.1.9.2,1,1,1` is valid).
private struct Scanner {
    let bytes: [UInt8]
    let text: String
    var index = 0

    init(bytes: [UInt8], text: String) {
        self.bytes = bytes
        self.text = text
    }

    var atEnd: Bool { index >= bytes.count }

    func fail(_ rule: String) -> EngineError {
        EngineError(parameter: "path", value: "'\(text)'", rule: "\(rule) (at character \(index + 1))")
    }

    mutating func skipSeparators() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index]) {
            index += 1
        }
    }

    /// The next command letter, or nil (nothing consumed) when the next token is not one.
    mutating func command() -> Character? {
        skipSeparators()
        guard index < bytes.count, "MmLlHhVvCcSsQqTtAaZz".utf8.contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Character(Unicode.Scalar(bytes[index]))
    }

    mutating func startsNumber() -> Bool {
        skipSeparators()
        guard index < bytes.count else { return false }
        let b = bytes[index]
        return (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
            || b == UInt8(ascii: ".")
    }

    /// sign? (digits ("." digits?)? | "." digits) exponent?
    mutating func number() throws -> Double {
        skipSeparators()
        let begin = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = begin
            throw fail("expected a number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            if digits() == 0 { index = mark }  // "e" not followed by digits is not an exponent
        }
        let token = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let value = Double(token), value.isFinite else {
            index = begin
            throw fail("number '\(token)' is out of range")
        }
        return value
    }

    /// An arc flag: one character, 0 or 1, which may touch the next token (`a1,1 0 01 1,1`).
    mutating func flag() throws -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1")
        else {
            throw fail("expected an arc flag (0 or 1)")
        }
        defer { index += 1 }
        return bytes[index] == UInt8(ascii: "1")
    }
}
