import XCTest

@testable import Inbetween
@testable import InbetweenCLI

/// Frame times' texts kept across a batch worker's jobs (TimeTexts) are the bytes
/// NumberFormat writes, whatever order and times the jobs bring.
final class TimeTextsTests: XCTestCase {
    private func direct(_ numbers: NumberFormat, _ time: Double) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: numbers.maxLength)
        let n = buffer.withUnsafeMutableBufferPointer {
            numbers.write(time, at: $0.baseAddress!) - $0.baseAddress!
        }
        return Array(buffer[0..<n])
    }

    private func cached(_ texts: TimeTexts, _ time: Double, _ index: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: texts.numbers.maxLength)
        let n = buffer.withUnsafeMutableBufferPointer {
            texts.write(time, frame: index, at: $0.baseAddress!) - $0.baseAddress!
        }
        return Array(buffer[0..<n])
    }

    func testCachedTextsAreTheWrittenOnes() {
        for numbers in [NumberFormat.shortest, .fixed(6), .compact(3)] {
            let texts = TimeTexts(numbers: numbers)
            // Three "jobs": 60 fps twice (the second reads the kept texts), then 24 fps, whose
            // times differ at the same indices and must not be taken from 60 fps's.
            for fps in [60.0, 60.0, 24.0] {
                for i in 0..<90 {
                    let t = Double(i) / fps
                    XCTAssertEqual(
                        cached(texts, t, i), direct(numbers, t), "\(numbers) frame \(i) at \(fps) fps")
                }
            }
            // An index past the kept ones, and a gap: written, not kept out of order.
            XCTAssertEqual(cached(texts, 12.5, 500), direct(numbers, 12.5))
            XCTAssertEqual(cached(texts, 1.5, 90), direct(numbers, 1.5))
            XCTAssertEqual(cached(texts, -0.0, 0), direct(numbers, -0.0))
        }
    }
}
