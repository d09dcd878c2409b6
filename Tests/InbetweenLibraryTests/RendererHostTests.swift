import Foundation
import Inbetween
import XCTest

/// Pictures of a run an app starts with `InbetweenHost`, through the public API only.
final class RendererHostTests: XCTestCase {
    func testARunDrawnFrameByFrame() throws {
        let host = try InbetweenHost()
        // A 10×10 red square moving from x = 10 to x = 30 (its centre) in 1 s, linear, at
        // 2 fps: frames at 0, 0.5 and 1 s with its centre at 10, 20, and at 1 s back at the
        // model's 10 (the animation ended and was removed, fillMode removed); the view 40×20.
        let run = try host.run(
            source: """
                scene{size = size(40, 20), fps = 2}
                local l = layer{name = "a", bounds = rect(0, 0, 10, 10), position = point(10, 10),
                  backgroundColor = "red"}
                l:add(animation.basic{keyPath = "position.x", fromValue = 10, toValue = 30, duration = 1,
                  timingFunction = "linear"})
                """)
        let renderer = try Renderer(run, options: RenderOptions(background: .transparent))
        XCTAssertEqual([renderer.width, renderer.height], [40, 20])
        var centres: [Double] = []
        while let frame = try renderer.next() {
            // The covered columns of row 10: the square spans [x − 5, x + 5).
            let columns = (0..<frame.width).filter { frame.pixel(x: $0, y: 10).alpha == 255 }
            XCTAssertEqual(columns.count, 10, "frame \(frame.index)")
            centres.append(Double(columns.first! + columns.last! + 1) / 2)
            XCTAssertEqual(frame.pixel(x: columns[0], y: 10).red, 255)
        }
        XCTAssertEqual(centres, [10, 20, 10])
        // A run is pulled once.
        XCTAssertNil(try run.next())
    }

    func testAStillAndARunPulledTwice() throws {
        let host = try InbetweenHost()
        let source = """
            scene{size = size(40, 20)}
            local l = layer{name = "a", bounds = rect(0, 0, 10, 10), position = point(10, 10), backgroundColor = "blue"}
            l:add(animation.basic{keyPath = "position.x", fromValue = 10, toValue = 30, duration = 1,
              timingFunction = "linear"})
            """
        // At 0.25 s the centre is at 15: columns 10 ..< 20.
        let still = try Renderer.still(try host.run(source: source), at: 0.25)
        XCTAssertEqual(still.time, 0.25)
        XCTAssertEqual(
            (0..<40).filter { still.pixel(x: $0, y: 10).blue == 255 && still.pixel(x: $0, y: 10).red == 0 },
            Array(10..<20))

        let run = try host.run(source: source)
        _ = try run.next()
        XCTAssertThrowsError(try Renderer(run)) { error in
            XCTAssertEqual(
                "\(error)", "bad value for 'run' (script.lua): was pulled already (a run is pulled once)")
        }
    }
}
