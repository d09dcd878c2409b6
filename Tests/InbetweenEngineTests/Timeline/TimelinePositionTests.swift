import XCTest

@testable import InbetweenEngine

/// Every form of the position grammar against starts worked out by hand from GSAP 3's
/// `_parsePosition` (greensock/GSAP, src/gsap-core.js, v3.11; rules numbered as in
/// `TimelinePosition`). Times are sums of binary fractions (0.25, 0.5, ...) unless a comment
/// says otherwise, so the expected values are exact and the tolerance is 0.
final class TimelinePositionTests: XCTestCase {
    /// A linear opacity animation of `duration` seconds: its span in a timeline is exactly
    /// its duration (beginTime 0, speed 1, no repeats).
    static func fade(_ duration: Double) throws -> Animation {
        try Fixture.basic("opacity", from: .scalar(0), to: .scalar(1), duration: duration)
    }

    private var nextTag = 0
    /// The added child's start (most calls only place a child for the next one).
    @discardableResult
    private func add(_ tl: inout Timeline, _ duration: Double, _ position: TimelinePosition) throws -> Double
    {
        nextTag += 1
        return try tl.add(try Self.fade(duration), toLayer: "a", tag: nextTag, at: position)
    }

    /// A timeline whose recent child is a 2 s animation at 1 (so "<" = 1, ">" = 3, end = 3).
    private func recentAtOne() throws -> Timeline {
        var tl = Timeline()
        try add(&tl, 1, .time(1))
        try add(&tl, 2, .time(1))
        return tl
    }

    func testOmittedIsTheEndSoFar() throws {
        // Rule 1: `position == null ? clippedDuration`: 0 in an empty timeline, then the
        // latest end (1), then 1.5.
        var tl = Timeline()
        XCTAssertEqual(try add(&tl, 1, .end), 0)
        XCTAssertEqual(try add(&tl, 0.5, .end), 1)
        XCTAssertEqual(try add(&tl, 0.25, .end), 1.5)
        XCTAssertEqual(tl.duration, 1.75)
    }

    func testNumbersAreAbsolute() throws {
        // Rule 2: `+position`; a string that reads as a number is that number
        // (`isNaN(position)` is false for "2.5").
        var tl = Timeline()
        XCTAssertEqual(try add(&tl, 1, .time(3)), 3)
        XCTAssertEqual(try add(&tl, 1, .time(0.5)), 0.5)
        XCTAssertEqual(try add(&tl, 1, .text("2.5")), 2.5)
        XCTAssertEqual(tl.duration, 4)
    }

    func testRelativeToTheEnd() throws {
        // Rule 5 with nothing before "=": `clippedDuration + offset`, the end being 3.
        var tl = try recentAtOne()
        XCTAssertEqual(try add(&tl, 0.5, .text("+=0.5")), 3.5)  // end 3 + 0.5; end now 4
        XCTAssertEqual(try add(&tl, 0.5, .text("-=0.25")), 3.75)  // end 4 - 0.25
    }

    func testLabelsAndOffsetsFromLabels() throws {
        var tl = Timeline()
        try add(&tl, 1, .end)
        XCTAssertEqual(try tl.label("mid", at: .time(0.5)), 0.5)
        // Rule 4: a known label is its time; rule 5: label ± offset.
        XCTAssertEqual(try add(&tl, 0.25, .text("mid")), 0.5)
        XCTAssertEqual(try add(&tl, 0.25, .text("mid+=0.25")), 0.75)
        XCTAssertEqual(try add(&tl, 0.25, .text("mid-=0.25")), 0.25)
        // An unknown label is created at the end first (`labels[position] = clippedDuration`):
        // the end is 1, so "intro" is 1 and "outro+=1" creates "outro" at 1 and gives 2.
        XCTAssertEqual(try add(&tl, 0.5, .text("intro")), 1)
        XCTAssertEqual(tl.labels["intro"], 1)
        // The end was 1.5 after the "intro" add: "outro" is created there, the child goes at 2.5.
        XCTAssertEqual(try add(&tl, 0.5, .text("outro+=1")), 2.5)
        XCTAssertEqual(tl.labels["outro"], 1.5)
        // tl:label without a position puts it at the end (3).
        XCTAssertEqual(try tl.label("last"), 3)
    }

    func testLabelsKeepTheirTimeWhenLaterChildrenMoveTheEnd() throws {
        // A label is a time, not a reference to the end: GSAP stores `labels[name] = time`.
        // "x" is created at the end (1); later adds move the end to 3 and leave "x" at 1;
        // setting "x" again moves it, and positions read after that see the new time.
        var tl = Timeline()
        try add(&tl, 1, .end)
        XCTAssertEqual(try add(&tl, 1, .text("x")), 1)
        try add(&tl, 1, .end)
        XCTAssertEqual(tl.labels["x"], 1)
        XCTAssertEqual(try add(&tl, 0.5, .text("x+=0.5")), 1.5)
        XCTAssertEqual(try tl.label("x"), 3)
        XCTAssertEqual(try add(&tl, 0.5, .text("x-=0.5")), 2.5)
    }

    func testRecentChildsStartAndEnd() throws {
        // Rule 3: `(offset === "<" ? recent._start : recent.endTime()) + parseFloat(rest)`;
        // the recent child spans [1, 3].
        let cases: [(String, Double)] = [
            ("<", 1), (">", 3), ("<0.25", 1.25), (">-0.5", 2.5), ("<+=0.25", 1.25), (">-=0.5", 2.5),
            ("<-0.5", 0.5), (">+0.5", 3.5),
        ]
        for (text, expected) in cases {
            var tl = try recentAtOne()
            XCTAssertEqual(try add(&tl, 0.5, .text(text)), expected, text)
        }
    }

    func testTheRecentChildIsTheLastAddedNotTheLatest() throws {
        // `_recent` is the child added last even when it is not the last in time.
        var tl = Timeline()
        try add(&tl, 1, .time(2))
        try add(&tl, 0.5, .time(0))
        XCTAssertEqual(try add(&tl, 0.25, .text(">")), 0.5)
        XCTAssertEqual(try add(&tl, 0.25, .text("<")), 0.5)
    }

    func testPercentages() throws {
        // Rule 3: without "=", a percentage of the recent child's totalDuration (2 s):
        // "<25%" = 1 + 0.5, ">-50%" = 3 - 1. With "=", of the child being inserted (0.5 s):
        // "<+=50%" = 1 + 0.25. Rule 5: "+=50%" = end 3 + 0.25, "-=100%" = 3 - 0.5.
        let cases: [(String, Double)] = [
            ("<25%", 1.5), (">-50%", 2), ("<+=50%", 1.25), (">-=50%", 2.75), ("+=50%", 3.25), ("-=100%", 2.5),
        ]
        for (text, expected) in cases {
            var tl = try recentAtOne()
            // GSAP's own arithmetic, percent · (total / 100), rounds (25 · 0.02 need not be
            // 0.5 exactly): 1e-12.
            XCTAssertEqual(try add(&tl, 0.5, .text(text)), expected, accuracy: 1e-12, text)
        }
        // "label+=50%": label 0.5 plus half of the inserted 0.5 s.
        var tl = try recentAtOne()
        try tl.label("l", at: .time(0.5))
        XCTAssertEqual(try add(&tl, 0.5, .text("l+=50%")), 0.75, accuracy: 1e-12)
    }

    func testNestedTimelinesTakeTheirTotalDurationOverTheirSpeed() throws {
        // _setDuration: tDur = dur · (repeat + 1) + repeatDelay · repeat = 2 · 2 + 0.5 = 4.5;
        // _setEnd: end = start + tDur / timeScale = 1 + 4.5 / 2 = 3.25.
        var inner = Timeline(clock: try TimelineClock(repeatCount: 1, repeatDelay: 0.5, speed: 2))
        try add(&inner, 2, .end)
        XCTAssertEqual(inner.duration, 2)
        XCTAssertEqual(inner.totalDuration, 4.5)
        var outer = Timeline()
        XCTAssertEqual(try outer.add(inner, at: .time(1)), 1)
        XCTAssertEqual(outer.children[0].end, 3.25)
        XCTAssertEqual(outer.duration, 3.25)
        XCTAssertEqual(try add(&outer, 0.5, .end), 3.25)
        // ">" is the nested timeline's end (3.25 after re-adding it as the recent child).
        try outer.add(inner, at: .time(1))
        XCTAssertEqual(try add(&outer, 0.5, .text(">")), 3.25)
        // A percentage is of `totalDuration()`, the child's own time, not divided by its
        // timeScale: "<25%" of the nested timeline = 1 + 0.25 · 4.5 = 2.125, not 1.5625.
        try outer.add(inner, at: .time(1))
        XCTAssertEqual(try add(&outer, 0.5, .text("<25%")), 2.125, accuracy: 1e-12)
    }

    func testCallsAreZeroLengthChildren() throws {
        // `call` adds a delayedCall(0): it is the recent child, with no length.
        var tl = try recentAtOne()
        XCTAssertEqual(try tl.call(tag: 9, at: .text("<0.5")), 1.5)
        XCTAssertEqual(try add(&tl, 0.5, .text(">")), 1.5)
        XCTAssertEqual(tl.duration, 3)
    }

    func testMalformedStringsAreErrorsNamingTheString() throws {
        let cases: [(String, String)] = [
            ("", "is malformed: it is empty"),
            ("+=", "is malformed: expected a number without a sign after '+=', got nothing"),
            ("+=abc", "is malformed: expected a number without a sign after '+=', got 'abc'"),
            ("-=-1", "is malformed: expected a number without a sign after '-=', got '-1'"),
            ("intro+=1+=2", "is malformed: expected a number without a sign after '+=', got '1+=2'"),
            ("a*=2", "is malformed: '=' must follow '+' or '-', found '*'"),
            ("=2", "is malformed: '=' must follow '+' or '-'"),
            ("<abc", "is malformed: expected a number after '<', got 'abc'"),
            (">>", "is malformed: expected a number after '>', got '>'"),
            ("<+=x%", "is malformed: expected a number without a sign after '<+=', got 'x%'"),
            ("a<b+=1", "is malformed: '<' and '>' go at the start (\"<+=1\", \">-=1\")"),
        ]
        for (text, rule) in cases {
            var tl = try recentAtOne()
            XCTAssertThrowsError(try add(&tl, 0.5, .text(text)), text) { error in
                XCTAssertEqual(
                    error as? EngineError,
                    EngineError(parameter: "position", value: "\"\(text)\"", rule: rule), text)
            }
            XCTAssertEqual(tl.children.count, 2, "\(text): a failed add adds nothing")
        }
    }

    func testPositionsBeforeTheStartAndLabelPercentagesAreErrors() throws {
        var tl = Timeline()
        XCTAssertThrowsError(try add(&tl, 1, .text("-=0.5"))) { error in
            XCTAssertEqual((error as? EngineError)?.rule, "gives -0.5 s, before the timeline's start")
        }
        XCTAssertThrowsError(try tl.label("x", at: .text("+=50%"))) { error in
            XCTAssertEqual(
                (error as? EngineError)?.rule,
                "is malformed: a percentage after '=' is of the child being inserted, and a label has none")
        }
        for bad in ["", "a=b", "<x", "1.5"] {
            XCTAssertThrowsError(try tl.label(bad), bad) { error in
                XCTAssertEqual((error as? EngineError)?.parameter, "label", bad)
            }
        }
    }

    func testAnimationsThatNeverEndAreRefused() throws {
        var tl = Timeline()
        let forever = try Fixture.basic(
            "opacity", from: .scalar(0), to: .scalar(1), duration: 1,
            repeatCount: .infinity)
        XCTAssertThrowsError(try tl.add(forever, toLayer: "a", tag: 0, at: .end))
    }
}
