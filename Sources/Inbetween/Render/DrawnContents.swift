import InbetweenEngine

/// A layer's image as one frame draws it: the image and its placement (`LayerContents`) with
/// the presentation values of CALayer's animatable contents properties at that time.
struct DrawnContents: Hashable, Sendable {
    var image: ContentsImage
    var gravity: ContentsGravity
    var minificationFilter: ContentsFilter
    var magnificationFilter: ContentsFilter
    /// `contentsRect`: the part of the image shown, in the unit square (y down, as an iOS
    /// layer reads it: (0.5, 0, 0.5, 0.5) is the top-right quarter).
    var rect: Rect
    /// `contentsCenter`: the middle cell of the nine-part grid, in the unit square of `rect`.
    var center: Rect
    /// `contentsScale`: image pixels per point of the layer.
    var scale: Double
    /// The layer's own `masksToBounds`: the image is clipped to its rounded bounds.
    var masksToBounds: Bool

    /// nil when the layer shows no image.
    init?(_ contents: LayerContents, values: PropertyValues) {
        guard let image = contents.image else { return nil }
        self.image = image
        gravity = contents.gravity
        minificationFilter = contents.minificationFilter
        magnificationFilter = contents.magnificationFilter
        func rectValue(_ keyPath: String) -> Rect {
            if case .rect(let r)? = values[keyPath] ?? PropertyValues.defaultValue(forKeyPath: keyPath) {
                return r
            }
            return Rect(x: 0, y: 0, width: 1, height: 1)
        }
        func scalar(_ keyPath: String) -> Double? {
            if case .scalar(let x)? = values[keyPath] ?? PropertyValues.defaultValue(forKeyPath: keyPath) {
                return x
            }
            return nil
        }
        rect = rectValue("contentsRect")
        center = rectValue("contentsCenter")
        scale = scalar("contentsScale") ?? 1
        masksToBounds = (scalar("masksToBounds") ?? 0) != 0
    }
}

extension DrawnLayer {
    /// Gives each layer of a frame that shows an image its `DrawnContents`, read from `scene`
    /// (at scene time `time`): contents are not tracks, so the frame's values lack them.
    static func attachContents(_ layers: inout [DrawnLayer], scene: Scene, at time: Double) {
        guard scene.hasContents else { return }
        for i in layers.indices {
            // A replicator's copy (`dot[2]`) shows its layer's image.
            let name = layers[i].layer.name
            let own = name.firstIndex(of: "[").map { String(name[..<$0]) } ?? name
            guard let index = scene.index(ofLayer: own), scene.layers[index].contents.image != nil,
                let values = try? scene.presentationValues(ofLayer: index, atSceneTime: time)
            else { continue }
            layers[i].layer.contents = DrawnContents(scene.layers[index].contents, values: values)
        }
    }
}
