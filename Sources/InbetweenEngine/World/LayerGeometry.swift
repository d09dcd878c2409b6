/// The properties of one layer that place it and its sublayers, read once from its values (a
/// property never set reads as its CALayer default), and the matrices Core Animation builds
/// from them. Row vectors, as `Transform3D` (CATransform3D) has them: p' = p · M.
package struct LayerGeometry {
    var bounds: Rect
    var position: Point
    var zPosition: Double
    var anchorPoint: Point
    var anchorPointZ: Double
    var transform: Transform3D
    var sublayerTransform: Transform3D
    var opacity: Double
    var cornerRadius: Double
    var isHidden: Bool
    var masksToBounds: Bool
    var allowsGroupOpacity: Bool
    // CAReplicatorLayer's (read on every layer; only a replicator uses them)
    var instanceCount: Int
    var instanceDelay: Double
    var instanceTransform: Transform3D
    var instanceColor: Color
    var instanceColorOffset: Color
    var preservesDepth: Bool

    /// The values of a layer of kind `kind` (CAReplicatorLayer's properties are read for a
    /// replicator only; the others keep their defaults).
    init(_ values: PropertyValues, kind: LayerKind) {
        func value(_ root: String) -> Value {
            values.values[root] ?? PropertyValues.defaultsByKeyPath[root]!
        }
        func scalar(_ root: String) -> Double {
            if case .scalar(let x) = value(root) { return x }
            return 0
        }
        func point(_ root: String) -> Point {
            if case .point(let p) = value(root) { return p }
            return .zero
        }
        func matrix(_ root: String) -> Transform3D {
            if case .transform(let t) = value(root) { return t }
            return .identity
        }
        func color(_ root: String) -> Color {
            if case .color(let c) = value(root) { return c }
            return Color(red: 1, green: 1, blue: 1)
        }
        if case .rect(let r) = value("bounds") { bounds = r } else { bounds = .zero }
        position = point("position")
        zPosition = scalar("zPosition")
        anchorPoint = point("anchorPoint")
        anchorPointZ = scalar("anchorPointZ")
        transform = matrix("transform")
        sublayerTransform = matrix("sublayerTransform")
        // CALayer.opacity: "Values outside that range are clamped to the minimum or maximum"
        // (an overshooting spring or back easing draws at 1, not brighter).
        opacity = min(1, max(0, scalar("opacity")))
        cornerRadius = scalar("cornerRadius")
        // Booleans are scalars: any value but 0 is YES (what the Lua side's `true` writes is 1).
        isHidden = scalar("hidden") != 0
        masksToBounds = scalar("masksToBounds") != 0
        allowsGroupOpacity = scalar("allowsGroupOpacity") != 0
        guard kind == .replicator else {
            instanceCount = 1
            instanceDelay = 0
            instanceTransform = .identity
            instanceColor = Color(red: 1, green: 1, blue: 1)
            instanceColorOffset = Color(red: 0, green: 0, blue: 0, alpha: 0)
            preservesDepth = false
            return
        }
        // CAReplicatorLayer's instanceCount is an NSInteger: a fraction (an animation between
        // counts) draws the whole instances only; a negative count draws none.
        instanceCount = Self.instances(scalar("instanceCount"))
        instanceDelay = scalar("instanceDelay")
        instanceTransform = matrix("instanceTransform")
        instanceColor = color("instanceColor")
        instanceColorOffset = Color(
            red: scalar("instanceRedOffset"), green: scalar("instanceGreenOffset"),
            blue: scalar("instanceBlueOffset"), alpha: scalar("instanceAlphaOffset"))
        preservesDepth = scalar("preservesDepth") != 0
    }

    /// A bound on the copies one replicator draws, so that a runaway `instanceCount` (1e9)
    /// fails no allocation; nobody draws a million copies of a layer on purpose.
    package static let mostInstances = 100_000

    /// The copies a replicator with `instanceCount` = `count` draws: the whole instances, none
    /// for a negative count or NaN, at most `mostInstances` (every writer counts them so, and
    /// none converts math.maxinteger, 2^63 as a double, to an Int).
    package static func instances(_ count: Double) -> Int {
        count.isNaN ? 0 : Int(max(0, min(count, Double(mostInstances))).rounded(.down))
    }

    /// The anchor point in the layer's bounds coordinates (bounds.origin included): the point
    /// that sits at `position` in the superlayer, and the one transforms turn about.
    var anchor: (x: Double, y: Double, z: Double) {
        (
            bounds.origin.x + anchorPoint.x * bounds.size.width,
            bounds.origin.y + anchorPoint.y * bounds.size.height, anchorPointZ
        )
    }

    /// From the layer's bounds coordinates to its superlayer's: the anchor point moved to the
    /// origin, then `transform`, then moved to (position, zPosition). Apple, "Core Animation
    /// Programming Guide: Layer Geometry and Transforms" ("Layers Have Their Own Geometry":
    /// the position is in the superlayer's coordinates and relative to the anchor point;
    /// "Manipulating Your Layer in Three Dimensions": transforms happen about the anchor point),
    /// with `anchorPointZ` and `zPosition` as the z of each. The bounds' origin is in the
    /// anchor, so a point at (bounds.origin) is the layer's top-left corner wherever the
    /// origin is: that is what makes changing bounds.origin scroll the sublayers.
    var toSuperlayer: Transform3D {
        let a = anchor
        let m = transform.m
        // T(−a) · M has rows r1, r2, r3 and r4 − ax·r1 − ay·r2 − az·r3 ...
        var out = m
        for c in 0..<4 { out[12 + c] = m[12 + c] - a.x * m[c] - a.y * m[4 + c] - a.z * m[8 + c] }
        // ... then · T(p): every row's x, y and z gain its w times p.
        let p = (position.x, position.y, zPosition)
        for r in 0..<4 {
            let w = out[r * 4 + 3]
            out[r * 4] += w * p.0
            out[r * 4 + 1] += w * p.1
            out[r * 4 + 2] += w * p.2
        }
        return Transform3D(m: out)
    }

    /// `transform` applied about this layer's anchor point: T(−a) · transform · T(a). What
    /// `sublayerTransform` and a replicator's `instanceTransform` are applied as (see
    /// `SceneWorld`).
    func aboutAnchor(_ transform: Transform3D) -> Transform3D {
        if transform == .identity { return .identity }
        let a = anchor
        return Transform3D.translation(x: -a.x, y: -a.y, z: -a.z).concatenating(transform)
            .concatenating(.translation(x: a.x, y: a.y, z: a.z))
    }
}

extension Transform3D {
    /// Projected into the z = 0 plane of the space it maps to: its third column zeroed, so
    /// every point keeps its x, y and w (perspective still divides) and loses its depth. What a
    /// plain CALayer does to its sublayers ("flattening"; CATransformLayer's reference: other
    /// layer types "flatten their sublayers into the plane at Z=0").
    var flattened: Transform3D {
        var out = self
        for r in 0..<4 { out.m[r * 4 + 2] = 0 }
        return out
    }

    /// The map of the z = 0 plane alone, in 4×4 form: rows and columns 1, 2 and 4 kept, row
    /// and column 3 the identity's. A layer draws in its plane only, and the stage is a plain
    /// layer that flattens what it holds, so this loses nothing the stage shows, and it is
    /// invertible whenever the layer is not seen edge on (a matrix with a zeroed column never
    /// is: CSS would not draw it).
    var planeMap: Transform3D {
        var out = self
        out.m[2] = 0
        out.m[6] = 0
        out.m[14] = 0
        out.m[8] = 0
        out.m[9] = 0
        out.m[11] = 0
        out.m[10] = 1
        return out
    }

    /// The homogeneous image (x, y, z, w) of a point of the space the matrix maps from.
    func homogeneous(_ x: Double, _ y: Double, _ z: Double = 0) -> (
        x: Double, y: Double, z: Double, w: Double
    ) {
        (
            x * m[0] + y * m[4] + z * m[8] + m[12], x * m[1] + y * m[5] + z * m[9] + m[13],
            x * m[2] + y * m[6] + z * m[10] + m[14], x * m[3] + y * m[7] + z * m[11] + m[15]
        )
    }
}
