/// The scene as the stage shows it at one moment: every drawn layer, back to front, with its
/// place composed down the tree (the matrix from its bounds coordinates to the stage), its
/// composed opacity, the clips and opacity groups it is drawn in, and the values it is drawn
/// with. What a consumer that draws without a tree needs (the renderer, `run --world`, a baked
/// export), composed as Core Animation composes a layer tree; each rule is stated where it is
/// applied (`SceneWorld+Composition.swift`) with Apple's words for it.
///
/// A replicator's sublayers appear once per instance, as layers of their own named `NAME[i]`
/// (`NAME[i][j]` inside two replicators, the outer instance first). A transform layer appears
/// too, with `drawsItself == false`: it places its sublayers and draws nothing.
///
/// Make one with `Scene.world(at:)` (presentation values at a time) or `Scene.modelWorld`;
/// hosts that hold their values elsewhere use `init(stage:layer:values:)`.
public struct SceneWorld: Sendable {
    /// Every drawn layer in draw order (back to front): a layer before its sublayers, siblings
    /// in zPosition order then in the order of the list, a replicator's instances one after
    /// the other (instance 0 first).
    public internal(set) var layers: [WorldLayer] = []
    /// The opacity groups: a layer whose `allowsGroupOpacity` is set and whose opacity is below
    /// 1 is composited with its drawn sublayers first and faded as one (see `WorldGroup`).
    public internal(set) var groups: [WorldGroup] = []
    var positionByName: [String: Int] = [:]

    /// The entry called `name` (`dot`, `dot[3]`), nil when it is not drawn.
    public func layer(named name: String) -> WorldLayer? {
        positionByName[name].map { layers[$0] }
    }

    /// Where the entry called `name` is in `layers`.
    public func position(ofLayer name: String) -> Int? { positionByName[name] }
}

/// One drawn layer (or one replicator instance of it) in the stage's space.
public struct WorldLayer: Sendable {
    /// The layer's name, followed by `[i]` for each replicator instance it is drawn in.
    public var name: String
    /// The layer's index in `Scene.layers`.
    public var index: Int
    /// The replicator instances it is drawn in, outermost first (empty outside replicators).
    public var instances: [WorldInstance]
    /// Where its superlayer's entry (the same instance) is in `SceneWorld.layers`; nil for a
    /// sublayer of the stage.
    public var superlayer: Int?
    /// 1 for a sublayer of the stage, 2 for its sublayers, and so on.
    public var depth: Int
    /// From its bounds coordinates (the top-left corner at bounds.origin) to the stage's:
    /// CATransform3D's row vectors, p' = p · matrix, then x and y divided by w. A layer draws
    /// in its plane (z = 0) and the stage flattens what it holds, so row and column 3 are the
    /// identity's: the matrix is the plane's projective map in 4×4 form (affine unless a
    /// perspective is on the way), usable as CSS's `matrix3d()` as it is.
    public var matrix: Transform3D
    /// The opacity its pixels end with: its own times every superlayer's up to the stage,
    /// however they are composited.
    public var opacity: Double
    /// The opacity to draw it with inside its innermost group (`groups.last`), which is then
    /// composited with the group's own opacity; equal to `opacity` outside groups. A layer
    /// that owns a group draws at 1 in it.
    public var drawOpacity: Double
    /// False for a transform layer: only its sublayers are drawn (CATransformLayer's
    /// reference: "Only the sublayers of a transform layer are rendered").
    public var drawsItself: Bool
    /// The layers whose bounds clip it (masksToBounds), outermost first, itself included when
    /// its own masksToBounds is set (it clips its contents, its border and its shadow too).
    public var clips: [WorldClip]
    /// The groups it is drawn in, as positions in `SceneWorld.groups`, outermost first.
    public var groups: [Int]
    /// The values it is drawn with: its presentation values (at the instance's own time
    /// inside a replicator), every color multiplied by its replicator instances' colors.
    package var values: PropertyValues

    /// A value it is drawn with (`backgroundColor`, `bounds.size`...), nil for a key path
    /// that is not a layer property.
    public func value(forKeyPath keyPath: String) -> Value? { values[keyPath] }

    /// Its bounds: the rectangle its background fills, in its own coordinates.
    public var bounds: Rect {
        if case .rect(let r)? = values.values["bounds"] { return r }
        return .zero
    }

    /// The stage points of its bounds' corners, clockwise from the origin corner; nil when a
    /// corner is at or behind the eye (w ≤ 0), where Core Animation draws nothing.
    public var corners: [Point]? {
        let b = bounds
        let xs = [b.origin.x, b.origin.x + b.size.width]
        let ys = [b.origin.y, b.origin.y + b.size.height]
        var out: [Point] = []
        for (x, y) in [(xs[0], ys[0]), (xs[1], ys[0]), (xs[1], ys[1]), (xs[0], ys[1])] {
            guard let p = matrix.stagePoint(x, y) else { return nil }
            out.append(p)
        }
        return out
    }
}

/// One copy a replicator draws: the replicator (an index in `Scene.layers`) and the copy's
/// number, from 0.
public struct WorldInstance: Hashable, Sendable {
    public var replicator: Int
    public var index: Int
    public init(replicator: Int, index: Int) {
        self.replicator = replicator
        self.index = index
    }
}

/// A layer with masksToBounds set, as a clip: its bounds rounded by its cornerRadius, through
/// its matrix (Apple, CALayer.masksToBounds: "an implicit clipping mask that matches the
/// bounds of the layer and includes any corner radius effects").
public struct WorldClip: Hashable, Sendable {
    /// The clipping layer's entry name (`card`, `face[2]`).
    public var name: String
    public var bounds: Rect
    public var cornerRadius: Double
    /// Its bounds coordinates to the stage's, as `WorldLayer.matrix`.
    public var matrix: Transform3D
}

/// An opacity group: its owner and the owner's drawn sublayers are composited together (each
/// with its `drawOpacity`), and the result is drawn with `opacity`.
public struct WorldGroup: Hashable, Sendable {
    /// The owner's position in `SceneWorld.layers`.
    public var owner: Int
    /// The positions of the owner and every entry drawn inside it (contiguous: a layer's
    /// subtree is drawn in one run).
    public var members: Range<Int>
    /// What the composited group is faded by: the owner's opacity times the opacities of the
    /// superlayers between it and the enclosing group that form no group of their own.
    public var opacity: Double
}

/// Where `SceneWorld` reads a layer's values: the layer, and the replicator copies it is
/// drawn in.
public struct WorldSample: Hashable, Sendable {
    /// The layer's index in `Scene.layers`.
    public var layer: Int
    /// The replicator instances, outermost first.
    public var instances: [WorldInstance]
    /// How much later this copy's animations run: the sum of i × instanceDelay over its
    /// instances (CAReplicatorLayer.instanceDelay: "the delay, in seconds, between replicated
    /// copies"), each replicator's delay read as that replicator is drawn.
    public var delay: Double
}

extension Transform3D {
    /// The stage point of the point (x, y) of the plane the matrix maps; nil at or behind the
    /// eye (w ≤ 0).
    func stagePoint(_ x: Double, _ y: Double) -> Point? {
        let h = homogeneous(x, y)
        guard h.w > 0 else { return nil }
        return h.w == 1 ? Point(x: h.x, y: h.y) : Point(x: h.x / h.w, y: h.y / h.w)
    }
}
