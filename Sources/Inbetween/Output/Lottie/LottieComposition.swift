import Foundation
import InbetweenEngine

/// What a Lottie file's composition holds, whichever part made it (`LottieFlatScene` or
/// `LottieTree`): the Lottie layers, first drawn on top, the precomposition assets, and what
/// the file's `inbetween` object says about them. A new kind of asset (an image, a
/// precomposition) goes into `assets`; a new note about the export goes into `inbetween`.
struct LottieComposition {
    var layers: [LottieJSON] = []
    var assets: [LottieJSON] = []
    /// Per layer of a flat scene, its properties' exact frame ranges.
    var exact: [(String, LottieJSON)] = []
    /// The area the layers cover over the run, in scene coordinates (the canvas's size).
    var extent: Rect?
    /// A tree's notes (nil for a flat scene) and the layers drawn through their matrix.
    var treeNotes: [String]?
    var throughMatrix: [String] = []

    /// The composition's width and height: the canvas the script asked for, else the layers'
    /// extent from the origin, at least 1 (whole pixels).
    static func size(canvas: Size?, extent: Rect?) -> (width: Double, height: Double) {
        let width = canvas?.width ?? extent.map { $0.origin.x + $0.size.width } ?? 1
        let height = canvas?.height ?? extent.map { $0.origin.y + $0.size.height } ?? 1
        return (max(1, ceil(width)), max(1, ceil(height)))
    }

    /// The file's root object (lottie-spec `composition/animation`).
    func root(name: String, fps: Double, frameCount: Int, canvas: Size?) -> LottieJSON {
        let (width, height) = LottieComposition.size(canvas: canvas, extent: extent)
        return .object([
            ("v", .string(LottieFrameWriter.bodymovinVersion)),
            ("ver", .number(LottieFrameWriter.specVersion)),
            ("nm", .string(name)),
            ("fr", .number(fps)), ("ip", .number(0)), ("op", .number(Double(frameCount))),
            ("w", .number(width)), ("h", .number(height)),
            ("ddd", .number(0)), ("assets", .array(assets)),
            ("layers", .array(layers)),
            // Not part of Lottie (players skip unknown keys): which frame ranges of which
            // property were written as exact curves, and the tolerance of the rest.
            ("inbetween", .object(notes)),
        ])
    }

    private var notes: [(String, LottieJSON)] {
        var notes: [(String, LottieJSON)] = [
            ("bakeTolerance", .number(LottieFrameWriter.bakeTolerance)),
            ("exact", .object(exact)),
        ]
        if let treeNotes {
            // What the tree's export could not say with Lottie's own means, and the layers
            // drawn in the stage's space through their matrix.
            notes += [
                ("tree", .array(treeNotes.map { .string($0) })),
                ("throughMatrix", .array(throughMatrix.map { .string($0) })),
            ]
        }
        return notes
    }
}
