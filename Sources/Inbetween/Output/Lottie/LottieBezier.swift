import InbetweenEngine

/// A path as Lottie's `bezier` values (lottie-spec `values/bezier`): one per subpath, each with
/// its vertices `v`, and per vertex the in and out tangents `i` and `o` as offsets from the
/// vertex, and whether it is closed `c`.
///
/// CGPath elements become cubic segments: a line has zero tangents, a quadratic with control c
/// from p0 to p1 is the cubic with controls p0 + 2/3 (c - p0) and p1 + 2/3 (c - p1) (degree
/// elevation). A closed subpath whose last segment ends on its start point (as drawing a circle
/// from four arcs does) merges that point with the first vertex, so the closing segment keeps
/// its curve instead of adding a zero-length straight one.
package struct LottieBezier: Equatable {
    package struct Subpath: Equatable {
        package var vertices: [Point] = []
        package var inTangents: [Point] = []
        package var outTangents: [Point] = []
        package var closed = false
    }
    package var subpaths: [Subpath]

    package init(_ path: Path) {
        var subpaths: [Subpath] = []
        var current = Subpath()
        var start = Point.zero
        func finish() {
            if !current.vertices.isEmpty { subpaths.append(current) }
            current = Subpath()
        }
        func begin(at p: Point) {
            finish()
            start = p
            current.vertices = [p]
            current.inTangents = [.zero]
            current.outTangents = [.zero]
        }
        func segment(_ c1: Point, _ c2: Point, _ p: Point) {
            if current.vertices.isEmpty { begin(at: start) }
            let last = current.vertices.count - 1
            let from = current.vertices[last]
            current.outTangents[last] = Point(c1.x - from.x, c1.y - from.y)
            current.vertices.append(p)
            current.inTangents.append(Point(c2.x - p.x, c2.y - p.y))
            current.outTangents.append(.zero)
        }
        for element in path.elements {
            switch element {
            case .move(let p): begin(at: p)
            case .line(let p):
                let from = current.vertices.last ?? start
                segment(from, p, p)
            case .quad(let c, let p):
                let from = current.vertices.last ?? start
                segment(
                    Point(from.x + 2 / 3 * (c.x - from.x), from.y + 2 / 3 * (c.y - from.y)),
                    Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y)), p)
            case .curve(let c1, let c2, let p): segment(c1, c2, p)
            case .close:
                if current.vertices.count > 1, current.vertices.last == current.vertices.first {
                    current.inTangents[0] = current.inTangents.removeLast()
                    current.vertices.removeLast()
                    current.outTangents.removeLast()
                }
                current.closed = true
                let p = current.vertices.first ?? start
                finish()
                start = p  // CGPath: after closeSubpath the current point is the subpath's start
            }
        }
        finish()
        self.subpaths = subpaths
    }

    /// Vertex counts and closed flags: two paths morph in Lottie only when these agree.
    package var structure: [Int] { subpaths.map { $0.vertices.count * 2 + ($0.closed ? 1 : 0) } }

    /// The numbers of one subpath, vertex by vertex: v.x, v.y, i.x, i.y, o.x, o.y.
    package func components(ofSubpath k: Int) -> [Double] {
        let s = subpaths[k]
        return s.vertices.indices.flatMap { j in
            [
                s.vertices[j].x, s.vertices[j].y, s.inTangents[j].x, s.inTangents[j].y,
                s.outTangents[j].x, s.outTangents[j].y,
            ]
        }
    }

    /// `{"c": ..., "v": [...], "i": [...], "o": [...]}` from `components(ofSubpath:)`.
    package static func json(_ numbers: [Double], closed: Bool) -> LottieJSON {
        var v: [LottieJSON] = []
        var i: [LottieJSON] = []
        var o: [LottieJSON] = []
        var j = 0
        while j + 5 < numbers.count {
            v.append(.numbers([numbers[j], numbers[j + 1]]))
            i.append(.numbers([numbers[j + 2], numbers[j + 3]]))
            o.append(.numbers([numbers[j + 4], numbers[j + 5]]))
            j += 6
        }
        return .object([("c", .bool(closed)), ("v", .array(v)), ("i", .array(i)), ("o", .array(o))])
    }
}
