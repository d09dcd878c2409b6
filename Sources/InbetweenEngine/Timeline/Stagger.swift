import Foundation

/// Spreads the starts of one animation over many layers: GSAP's `distribute` (greensock/GSAP,
/// src/gsap-core.js, v3.11), the function behind its `stagger` option.
///
/// GSAP's steps, for `count` targets:
/// 1. Each target gets a position: in a row, x = index; in a grid of `columns`, x = index mod
///    columns and y = -floor(index / columns).
/// 2. The origin: `from = "start" | "center" | "edges" | "end"` are the ratios 0, 0.5, 0.5, 1
///    along the row (x = min(columns, count) · ratio - 0.5) and down the grid
///    (y = count · ratio / columns - 0.5); an index is that target's own position.
///    `"random"` uses ratio 0 and shuffles the distances afterwards.
/// 3. Distance from the origin: Euclidean, or along one axis only when `axis` is set.
/// 4. Normalised to [0, 1] by (d - min) / (max - min) (0 when all are equal), eased by the
///    timing function, and multiplied by the spread: `amount`, or `each` times count - 1 in a
///    row, max(columns, count / columns) in a grid, count / columns (the rows) with axis "y",
///    columns with axis "x".
/// 5. `"edges"` negates the spread: the edges start first; GSAP then adds |spread| back and
///    inverts the ease (1 - ease(1 - p)) so that the values stay in [0, |spread|].
///
/// GSAP rounds the results to 1e-7 s (`_roundPrecise`); these are left unrounded.
public struct Stagger: Sendable {
    public enum Spread: Hashable, Sendable {
        /// Seconds between neighbours.
        case each(Double)
        /// Seconds between the first and the last start.
        case amount(Double)
    }

    public enum Origin: Hashable, Sendable {
        case start, center, end, edges, random
        /// A target's own position (0-based).
        case index(Int)
    }

    public enum Axis: String, Hashable, Sendable { case x, y }

    public struct Grid: Hashable, Sendable {
        public var rows: Int
        public var columns: Int
        public init(rows: Int, columns: Int) throws {
            guard rows > 0, columns > 0 else {
                throw EngineError(
                    parameter: "grid", value: "{\(rows), \(columns)}",
                    rule: "rows and columns must be whole numbers > 0")
            }
            self.rows = rows
            self.columns = columns
        }
    }

    public var spread: Spread
    public var from: Origin
    public var grid: Grid?
    public var axis: Axis?
    public var timingFunction: TimingFunction?
    /// Seeds the shuffle of `from = .random`: the same seed gives the same order.
    public var seed: UInt64

    public init(
        spread: Spread, from: Origin = .start, grid: Grid? = nil, axis: Axis? = nil,
        timingFunction: TimingFunction? = nil, seed: UInt64 = 0
    ) throws {
        switch spread {
        case .each(let v), .amount(let v):
            try EngineError.requireFinite(v, "stagger")
            guard v >= 0 else { throw EngineError(parameter: "stagger", value: v, rule: "must be >= 0") }
        }
        self.spread = spread
        self.from = from
        self.grid = grid
        self.axis = axis
        self.timingFunction = timingFunction
        self.seed = seed
    }

    /// The start offset of each of `count` targets, in seconds, in target order.
    public func offsets(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let l = Double(count)
        // GSAP wraps a row at 1e8 (`_bigNum`): no grid means one row as long as needed.
        let wrap = Double(grid?.columns ?? Int.max)
        let ratio: Double?
        switch from {
        case .start, .random: ratio = 0
        case .center, .edges: ratio = 0.5
        case .end: ratio = 1
        case .index: ratio = nil
        }
        let originX: Double
        let originY: Double
        if let ratio {
            originX = min(wrap, l) * ratio - 0.5
            originY = grid == nil ? 0 : l * ratio / wrap - 0.5
        } else {
            let i = Double(from.indexValue)
            originX = i.truncatingRemainder(dividingBy: wrap)
            originY = grid == nil ? 0 : (i / wrap).rounded(.down)
        }
        var distances = (0..<count).map { j -> Double in
            let x = Double(j).truncatingRemainder(dividingBy: wrap) - originX
            let y = originY - (Double(j) / wrap).rounded(.down)
            switch axis {
            case nil: return (x * x + y * y).squareRoot()
            case .x: return abs(x)
            case .y: return abs(y)
            }
        }
        let low = distances.min()!
        let high = distances.max()!
        if from == .random {
            var generator = SplitMix64(seed: seed)
            distances = generator.shuffled(distances)
        }
        let spreadLength: Double
        switch spread {
        case .amount(let a): spreadLength = a
        case .each(let e):
            let steps: Double
            if wrap > l {
                steps = l - 1
            } else {
                switch axis {
                case nil: steps = max(wrap, l / wrap)
                case .y: steps = l / wrap
                case .x: steps = wrap
                }
            }
            spreadLength = e * steps
        }
        let v = from == .edges ? -spreadLength : spreadLength
        let base = v < 0 ? -v : 0
        let ease: (Double) -> Double = {
            guard let f = timingFunction else { return { $0 } }
            return v < 0 ? { 1 - f(1 - $0) } : { f($0) }
        }()
        let range = high - low
        return distances.map { d in
            let p = range > 0 ? (d - low) / range : 0
            return base + ease(p) * v
        }
    }
}

extension Stagger.Origin {
    fileprivate var indexValue: Int {
        if case .index(let i) = self { return i }
        return 0
    }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014; constants as in Vigna's reference splitmix64.c): small, seedable, and the same
/// on every platform, which `SystemRandomNumberGenerator` is not.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Fisher–Yates from the end (Knuth's Algorithm P); index j drawn as next() mod (i + 1),
    /// whose bias (at most 2^-40 for the few hundred targets a scene has) does not matter here.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var a = items
        var i = a.count - 1
        while i > 0 {
            let j = Int(next() % UInt64(i + 1))
            a.swapAt(i, j)
            i -= 1
        }
        return a
    }
}
