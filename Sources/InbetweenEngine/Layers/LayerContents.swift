/// A decoded picture a layer shows as its `contents` (CALayer's `contents`, "an object that
/// provides the contents of the layer", typically a CGImage): its pixels as Cairo's
/// premultiplied ARGB32 words, row by row from the top, `width` words a row. Decoded once and
/// shared by every layer that shows it; equal only to itself.
package final class ContentsImage: Hashable, Sendable {
    package let width: Int
    package let height: Int
    package let pixels: [UInt32]
    /// Where it came from (a resolved path, or the name an app gave its data), for messages and
    /// for the exports that refer to it.
    package let source: String

    package init(width: Int, height: Int, pixels: [UInt32], source: String) {
        precondition(width > 0 && height > 0 && pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
        self.source = source
    }

    package static func == (a: ContentsImage, b: ContentsImage) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// CALayer's `contentsGravity`: how the contents are placed in the bounds when their sizes
/// differ. The twelve values of CALayerContentsGravity with their Swift names
/// (https://developer.apple.com/documentation/quartzcore/calayercontentsgravity); the string
/// constants (`kCAGravityTopLeft` is "topLeft") are the same words. The default is `resize`
/// (CALayer.contentsGravity: "The default value of this property is resize").
package enum ContentsGravity: String, CaseIterable, Hashable, Sendable {
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    case resize, resizeAspect, resizeAspectFill
}

/// CALayer's `minificationFilter` and `magnificationFilter` (CALayerContentsFilter): `linear`
/// (the default of both) or `nearest` (pixel art). CA's third value, `trilinear`, samples
/// mipmaps when shrinking; it is drawn as `linear` here.
package enum ContentsFilter: String, CaseIterable, Hashable, Sendable {
    case linear, nearest, trilinear
}

/// What a layer shows inside its bounds besides its colours: the image and how it is placed
/// and sampled. None of these are animatable in Core Animation (the CALayer reference marks
/// `contentsRect`, `contentsCenter` and `contentsScale` animatable, which are model values of
/// their own in `PropertyValues`; these four it does not).
package struct LayerContents: Hashable, Sendable {
    package var image: ContentsImage?
    package var gravity: ContentsGravity = .resize
    package var minificationFilter: ContentsFilter = .linear
    package var magnificationFilter: ContentsFilter = .linear

    package init(
        image: ContentsImage? = nil, gravity: ContentsGravity = .resize,
        minificationFilter: ContentsFilter = .linear, magnificationFilter: ContentsFilter = .linear
    ) {
        self.image = image
        self.gravity = gravity
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
    }

    package var isDefault: Bool { self == LayerContents() }
}

extension Layer {
    /// The layer's image and how it is placed (see `LayerContents`); not animatable, so set at
    /// once, as a model value is.
    package var contents: LayerContents {
        get { ownContents?.value ?? LayerContents() }
        set { ownContents = newValue.isDefault ? nil : ContentsBox(newValue) }
    }
}

/// A layer's contents out of line: most layers have none (see `Layer.ownTiming` for why).
final class ContentsBox: Sendable {
    let value: LayerContents
    init(_ value: LayerContents) { self.value = value }
}

extension Scene {
    /// Sets a layer's contents (`LayerContents`).
    package mutating func setContents(_ contents: LayerContents, ofLayer name: String) throws {
        try modifyLayer(named: name) { $0.contents = contents }
        if !contents.isDefault { hasContents = true }
    }
}

extension Scene {
    /// Layer `index`'s presentation values at scene time `time` (its own time, when it or a
    /// layer above it has a timing of its own).
    package func presentationValues(ofLayer index: Int, atSceneTime time: Double) throws -> PropertyValues {
        try layers[index].presentationValues(at: presentationTime(ofLayer: index, atSceneTime: time))
    }
}
