import Foundation
import Inbetween
import InbetweenLua
import XCTest

/// Drawing only where a frame changed (SceneCanvas) gives the same bytes as drawing every
/// frame whole: every example, every frame, and scenes made to stress the boxes (a stroke's
/// miter, a blurred shadow, perspective, translucent overlapping parts).
final class RenderDamageTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func renderer(file: String? = nil, source: String? = nil, whole: Bool) throws -> Renderer {
        let runtime = try Runtime()
        var search = PluginSearch()
        search.includeShipped = false
        search.includeUserAndEnvironment = false
        search.extraDirectories = [root.appendingPathComponent("plugins").path]
        _ = runtime.loadPlugins(search)
        if let file { try runtime.runJob(file: file) }
        if let source { try runtime.runJob(source: source, chunkName: "damage.lua") }
        let renderer = try Renderer(
            runtime: runtime, request: SamplingRequest(fps: 30),
            options: RenderOptions(background: .color(Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.5))))
        renderer.redrawsWholeFrames = whole
        return renderer
    }

    func check(file: String? = nil, source: String? = nil, name: String) throws -> Int {
        let partial = try Self.renderer(file: file, source: source, whole: false)
        let whole = try Self.renderer(file: file, source: source, whole: true)
        var frames = 0
        while let a = try partial.next() {
            let b = try XCTUnwrap(try whole.next())
            if a.rgba != b.rgba {
                let differing = zip(a.rgba, b.rgba).filter { $0 != $1 }.count
                XCTFail("\(name) frame \(a.index): \(differing) bytes differ")
                return frames
            }
            frames += 1
        }
        XCTAssertNil(try whole.next())
        return frames
    }

    func testEveryExampleFrameByFrame() throws {
        let folder = Self.root.appendingPathComponent("examples")
        let examples = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".lua")
        }
        XCTAssertGreaterThanOrEqual(examples.count, 15)
        var frames = 0
        for example in examples.sorted() {
            frames += try check(file: folder.appendingPathComponent(example).path, name: example)
        }
        XCTAssertGreaterThan(frames, 300)
    }

    func testStrokesShadowsAndPerspectiveMovingFrameByFrame() throws {
        let frames = try check(
            source: """
                scene{size = size(320, 240), to = 1}
                local a = layer{name = "a", position = point(40, 40), path = path():move(0, 0):line(60, 8):line(0, 16),
                  fillColor = "clear", strokeColor = "black", lineWidth = 6, miterLimit = 10}
                a:add(animation.basic{keyPath = "position", toValue = point(260, 200), duration = 1})
                local b = layer{name = "b", bounds = rect(0, 0, 40, 30), position = point(250, 40),
                  backgroundColor = "orange", borderWidth = 5, borderColor = "#00000080", opacity = 0.6,
                  shadowOpacity = 0.8, shadowRadius = 10, shadowOffset = size(0, 12)}
                b:add(animation.basic{keyPath = "position", toValue = point(60, 180), duration = 1})
                local p = transform{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -1 / 300, 0, 0, 0, 1}
                local c = layer{name = "c", bounds = rect(0, 0, 80, 60), position = point(160, 120),
                  backgroundColor = "green", transform = p}
                c:add(animation.basic{keyPath = "transform", fromValue = p,
                  toValue = transform.rotation(1.2, 0, 1, 0):concat(p), duration = 1})
                """, name: "stress")
        XCTAssertEqual(frames, 31)
    }
}
