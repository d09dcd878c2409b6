import XCTest

@testable import InbetweenEngine

/// Stagger offsets against values worked out by hand from GSAP's `distribute`
/// (greensock/GSAP, src/gsap-core.js, v3.11; steps numbered as in `Stagger`). Offsets that are
/// products of decimals (0.1 · 4) are compared within 1e-12.
final class StaggerTests: XCTestCase {
    private func offsets(
        _ spread: Stagger.Spread, from: Stagger.Origin = .start, grid: (Int, Int)? = nil,
        axis: Stagger.Axis? = nil, timing: TimingFunction? = nil, count: Int
    ) throws -> [Double] {
        let g = try grid.map { try Stagger.Grid(rows: $0.0, columns: $0.1) }
        return try Stagger(spread: spread, from: from, grid: g, axis: axis, timingFunction: timing).offsets(
            count: count)
    }

    private func assertClose(_ a: [Double], _ b: [Double], _ message: String, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, message, line: line)
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-12, message, line: line) }
    }

    func testRowOrigins() throws {
        // 5 in a row, each 0.1: the spread is each · (count - 1) = 0.4 (step 4).
        // start: origin x = 5 · 0 - 0.5, distances 0.5 ... 4.5, normalised j / 4.
        // end: origin 4.5, distances 4.5 ... 0.5. center: origin 2, distances 2 1 0 1 2.
        // edges: the center distances with the spread negated and |spread| added back (step 5):
        // 0.4 - 0.4 · (2 1 0 1 2) / 2. Index 1 (0-based): distances 1 0 1 2 3, over 3.
        let cases: [(Stagger.Origin, [Double])] = [
            (.start, [0, 0.1, 0.2, 0.3, 0.4]),
            (.end, [0.4, 0.3, 0.2, 0.1, 0]),
            (.center, [0.4, 0.2, 0, 0.2, 0.4]),
            (.edges, [0, 0.2, 0.4, 0.2, 0]),
            (.index(1), [0.4 / 3, 0, 0.4 / 3, 0.8 / 3, 0.4]),
        ]
        for (from, expected) in cases {
            assertClose(try offsets(.each(0.1), from: from, count: 5), expected, "\(from)")
        }
    }

    func testAmountSpreadsOverTheWholeGroup() throws {
        // amount replaces each · (count - 1): 1 s over 5 starts, 0.25 apart.
        assertClose(try offsets(.amount(1), count: 5), [0, 0.25, 0.5, 0.75, 1], "amount")
        // One target: no distance range, so `(d - min) / max || 0` gives 0.
        assertClose(try offsets(.each(0.1), count: 1), [0], "single")
    }

    func testTimingFunctionShapesTheNormalisedDistance() throws {
        // Step 4 eases the normalised distance: with p², amount 1 from the start gives
        // (j / 4)² = 0, 1/16, 1/4, 9/16, 1.
        let square = TimingFunction.custom(CustomTiming(name: "square") { $0 * $0 })
        assertClose(try offsets(.amount(1), timing: square, count: 5), [0, 0.0625, 0.25, 0.5625, 1], "p²")
        // Step 5: edges inverts the ease, 1 - (1 - p)², so the value is 0.4 · (1 - p)² for
        // p = 1, 0.5, 0, 0.5, 1 (the center distances over 2): 0, 0.1, 0.4, 0.1, 0.
        assertClose(
            try offsets(.each(0.1), from: .edges, timing: square, count: 5), [0, 0.1, 0.4, 0.1, 0], "edges p²"
        )
    }

    func testGridUsesEuclideanDistances() throws {
        // 3 × 3 from the center: origin x = min(3, 9) · 0.5 - 0.5 = 1, y = 9 · 0.5 / 3 - 0.5 = 1
        // (step 2); distances 0 (middle), 1 (edge middles), √2 (corners); the spread is
        // each · max(columns, count / columns) = 0.1 · 3 (step 4).
        let edge = 0.3 / 2.0.squareRoot()
        assertClose(
            try offsets(.each(0.1), from: .center, grid: (3, 3), count: 9),
            [0.3, edge, 0.3, edge, 0, edge, 0.3, edge, 0.3], "3x3 center")
        // Index 4 (0-based) is the middle cell: origin (4 mod 3, floor(4 / 3)) = (1, 1), the same.
        assertClose(
            try offsets(.each(0.1), from: .index(4), grid: (3, 3), count: 9),
            [0.3, edge, 0.3, edge, 0, edge, 0.3, edge, 0.3], "3x3 index 4")
        // 2 rows × 4 columns from the start: origin (-0.5, -0.5), cell (c, r) at distance
        // √((c + ½)² + (r + ½)²), from √0.5 to √14.5; spread 0.1 · max(4, 8 / 4) = 0.4.
        let low = 0.5.squareRoot()
        let high = 14.5.squareRoot()
        let expected = (0..<8).map { j -> Double in
            let c = Double(j % 4) + 0.5
            let r = Double(j / 4) + 0.5
            return 0.4 * ((c * c + r * r).squareRoot() - low) / (high - low)
        }
        assertClose(try offsets(.each(0.1), grid: (2, 4), count: 8), expected, "2x4 start")
        XCTAssertEqual(expected[0], 0)
        XCTAssertEqual(expected[7], 0.4, accuracy: 1e-12)
    }

    func testGridAlongOneAxis() throws {
        // axis x: distance |x - 1| per column, spread each · columns = 0.3; axis y: |1 - row|,
        // spread each · count / columns = 0.3 (steps 3 and 4).
        assertClose(
            try offsets(.each(0.1), from: .center, grid: (3, 3), axis: .x, count: 9),
            [0.3, 0, 0.3, 0.3, 0, 0.3, 0.3, 0, 0.3], "axis x")
        assertClose(
            try offsets(.each(0.1), from: .center, grid: (3, 3), axis: .y, count: 9),
            [0.3, 0.3, 0.3, 0, 0, 0, 0.3, 0.3, 0.3], "axis y")
    }

    func testTheExampleGrid() throws {
        // examples/13: 5 × 5 from the center, each 0.08: corners at 0.08 · 5 = 0.4, the middle
        // at 0, the cell next to a corner on the top row at 0.4 · √5 / √8.
        let o = try offsets(.each(0.08), from: .center, grid: (5, 5), count: 25)
        XCTAssertEqual(o[12], 0)
        for corner in [0, 4, 20, 24] { XCTAssertEqual(o[corner], 0.4, accuracy: 1e-12) }
        XCTAssertEqual(o[1], 0.4 * (5.0 / 8).squareRoot(), accuracy: 1e-12)
    }

    func testRandomIsASeededShuffleOfTheStartOrder() throws {
        // "random" uses ratio 0 (as "start") and shuffles the distances (step 2): the offsets
        // are a permutation of the start offsets, the same for the same seed.
        let start = try offsets(.each(0.1), count: 20)
        let a = try Stagger(spread: .each(0.1), from: .random, seed: 7).offsets(count: 20)
        let b = try Stagger(spread: .each(0.1), from: .random, seed: 7).offsets(count: 20)
        let c = try Stagger(spread: .each(0.1), from: .random, seed: 8).offsets(count: 20)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertNotEqual(a, start)
        assertClose(a.sorted(), start, "a permutation")
        assertClose(c.sorted(), start, "a permutation")
    }

    func testSplitMix64MatchesTheReference() {
        // Vigna's splitmix64.c seeded with 0: the first outputs are 0xe220a8397b1dcdaf,
        // 0x6e789e6aa1b965f4, 0x06c45d188009454f.
        var g = SplitMix64(seed: 0)
        XCTAssertEqual(
            [g.next(), g.next(), g.next()],
            [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }
}
