import Foundation
import InbetweenEngine

/// One scene layer as a Lottie shape layer (`ty: 4`), from its presentation values at every
/// frame. What is drawn, top to bottom (a shape layer's first item is drawn on top, lottie-spec
/// `layers/shape-layer`): the border, the path (CAShapeLayer), the background; Core Animation
/// draws the background first and the border last.
///
/// Geometry (Core Animation Programming Guide, "Layers Have Their Own Geometry"): a point q of
/// the layer's bounds lands at position + (q - anchor) · transform, anchor = bounds.origin +
/// anchorPoint × bounds.size. Lottie's layer transform maps q to p + R·S·(q - a) (lottie-spec
/// `helpers/transform`: anchor, scale, rotation, then position), so a = anchor, p = position
/// plus the transform's translation, s and r from the transform's decomposition
/// (`Transform3D.decomposed`: scale first, then rotation, the same order). Skew and 3D parts
/// of a transform have no place here and are dropped.
package struct LottieLayer {
    /// The key paths sampled for every layer.
    package static let keyPaths = [
        "position", "bounds", "anchorPoint", "opacity", "transform", "backgroundColor",
        "borderWidth", "borderColor", "cornerRadius", "path", "fillColor", "strokeColor", "lineWidth",
    ]
    /// Diameter of the dot that stands in for a layer that draws nothing (see `marker`).
    package static let markerDiameter = 20.0
    /// The marker's grey.
    package static let markerColor = [0.5, 0.5, 0.5]

    package let name: String
    /// Presentation values per key path, one per frame.
    package let frames: [String: [Value]]
    /// Exact-segment hints per root key path.
    package let hints: [String: [LottieSegmentHint]]
    package let frameCount: Int
    /// The Lottie frame `frames`' first values are at (`LottieProperty.firstFrame`).
    package var firstFrame = 0
    /// The frame the layer first exists at (a layer made by a callback starts later).
    package var inPoint = 0
    /// In a layer tree (`LottieTree`): the frame it stops at (the run's end otherwise), its
    /// superlayer's `ind`, its transform written by the tree (nil: from its own values), its
    /// masks (the clips of the layers above it), and whether it draws nothing and only places
    /// its sublayers (a null layer, `ty: 3`).
    package var outPoint: Int? = nil
    package var parent: Int? = nil
    package var transform: [(String, LottieJSON)]? = nil
    package var masks: [LottieJSON] = []
    package var isNull = false
    /// A layer that draws nothing becomes a null layer instead of a grey marker (in a tree, a
    /// layer that only holds sublayers).
    package var nullWhenBlank = false
    /// Per frame, the matrix from the layer's bounds coordinates to the stage when the tree
    /// cannot place it with Lottie's transforms (a perspective, 3D): its outlines are then drawn
    /// through it in the stage's space (`LottieTree.mapped`), its transform the identity.
    package var outlineMatrices: [Transform3D]? = nil

    package struct Output {
        package var json: LottieJSON
        /// Property name → exact frame ranges.
        package var exact: [(String, [ClosedRange<Double>])]
        /// The area it covers over the run, in scene coordinates (for the canvas size).
        package var extent: Rect?
    }

    private func column(_ keyPath: String) -> [Value] { frames[keyPath] ?? [] }

    private func scalars(_ keyPath: String) -> [Double] {
        column(keyPath).map { $0.components.first ?? 0 }
    }

    /// The hints of animations on these key paths, their parts or the whole they belong to
    /// (`transform.scale` takes `transform.scale.x` and `transform`, not `transform.rotation`).
    private func hints(_ keyPaths: String...) -> [LottieSegmentHint] {
        let roots = Set(keyPaths.map(LayerProperties.root))
        return roots.sorted().flatMap { hints[$0] ?? [] }.filter { hint in
            keyPaths.contains {
                hint.keyPath == $0 || hint.keyPath.hasPrefix($0 + ".") || $0.hasPrefix(hint.keyPath + ".")
            }
        }
    }

    /// A converter taking one key path's values through `f`.
    private static func from(_ keyPath: String, _ f: @escaping (Value) -> [Double]?)
        -> LottieKeyframes.Converter
    {
        { k, v in k == keyPath ? f(v) : nil }
    }

    /// A layer's values at every frame in the forms its properties and contents read.
    struct Geometry {
        var bounds: [Rect]
        /// Bounds coordinates of the anchor point: bounds.origin + anchorPoint × bounds.size.
        var anchors: [[Double]]
        var positions: [[Double]]
        var transforms: [TransformComponents]
        var paths: [Path]
        var centers: [[Double]]
        /// Whether the bounds have an area at some frame (a background or border to draw).
        var hasArea: Bool
    }

    /// What a layer can draw, top to bottom (a shape layer's first item is drawn on top): a
    /// new kind of content is a case here and its function in `group(for:)`.
    enum Content: CaseIterable {
        case border, path, background
    }

    /// Makes the layer's Lottie properties from its frames and keeps each one's exact frame
    /// ranges, in the order the properties were made.
    final class PropertyRecorder {
        let firstFrame: Int
        let tolerance: Double
        var exact: [(String, [ClosedRange<Double>])] = []

        init(firstFrame: Int, tolerance: Double) {
            self.firstFrame = firstFrame
            self.tolerance = tolerance
        }

        func make(
            _ name: String, _ kind: LottieProperty.Kind, _ values: [[Double]],
            _ hints: [LottieSegmentHint], _ convert: LottieKeyframes.Converter?
        ) -> LottieJSON {
            var p = LottieProperty(name: name, kind: kind, frames: values, hints: hints, convert: convert)
            p.firstFrame = firstFrame
            let (json, ranges) = p.json(tolerance: tolerance)
            if !ranges.isEmpty { exact.append((name, ranges)) }
            return json
        }
    }

    package func build(index: Int, tolerance: Double) throws -> Output {
        let g = geometry()
        let recorder = PropertyRecorder(firstFrame: firstFrame, tolerance: tolerance)
        let property: PropertyMaker = recorder.make
        let transform = self.transform ?? ownTransform(g, property: property)
        var shapes = try Content.allCases.compactMap { try group(for: $0, g, property: property) }
        let isNull = self.isNull || (shapes.isEmpty && nullWhenBlank)
        let isMarker = shapes.isEmpty && !isNull
        if isMarker { shapes.append(marker(g, property: property)) }
        return Output(
            json: fields(index: index, isNull: isNull, transform: transform, shapes: shapes),
            exact: recorder.exact, extent: extent(g, marker: isMarker && !g.hasArea))
    }

    private func geometry() -> Geometry {
        let bounds = column("bounds").map { value -> Rect in
            if case .rect(let r) = value { return r }
            return .zero
        }
        let anchorPoints = column("anchorPoint").map { $0.components }
        let anchors = (0..<frameCount).map { i in
            [
                bounds[i].origin.x + anchorPoints[i][0] * bounds[i].size.width,
                bounds[i].origin.y + anchorPoints[i][1] * bounds[i].size.height,
            ]
        }
        return Geometry(
            bounds: bounds, anchors: anchors, positions: column("position").map { $0.components },
            transforms: column("transform").map { value -> TransformComponents in
                if case .transform(let t) = value { return t.decomposed }
                return TransformComponents()
            },
            paths: column("path").map { value -> Path in
                if case .path(let p) = value { return p }
                return Path()
            },
            centers: bounds.map { [$0.origin.x + $0.size.width / 2, $0.origin.y + $0.size.height / 2] },
            hasArea: bounds.contains { $0.size.width != 0 && $0.size.height != 0 })
    }

    /// The layer's transform from its own values (see the type's comment on geometry).
    private func ownTransform(_ g: Geometry, property: PropertyMaker) -> [(String, LottieJSON)] {
        let degrees = 180 / Double.pi
        let positions = (0..<frameCount).map { i in
            [
                g.positions[i][0] + g.transforms[i].translation[0],
                g.positions[i][1] + g.transforms[i].translation[1],
            ]
        }
        return [
            ("a", property("ks.a", .vector, g.anchors, hints("bounds", "anchorPoint"), nil)),
            (
                "p",
                property(
                    "ks.p", .vector, positions, hints("position", "transform.translation"),
                    LottieLayer.from("position") { $0.components })
            ),
            (
                "s",
                property(
                    "ks.s", .vector, g.transforms.map { [$0.scale[0] * 100, $0.scale[1] * 100] },
                    hints("transform.scale"),
                    LottieLayer.from("transform.scale") { [$0.components[0] * 100, $0.components[0] * 100] })
            ),
            (
                "r",
                property(
                    "ks.r", .scalar, g.transforms.map { [$0.rotation[2] * degrees] },
                    hints("transform.rotation"),
                    { k, v in
                        k == "transform.rotation" || k == "transform.rotation.z"
                            ? [v.components[0] * degrees] : nil
                    })
            ),
            (
                "o",
                property(
                    "ks.o", .scalar, scalars("opacity").map { [$0 * 100] }, hints("opacity"),
                    LottieLayer.from("opacity") { [$0.components[0] * 100] })
            ),
        ]
    }

    /// The group drawing `content`, or nil when the layer draws none of it over the run.
    private func group(for content: Content, _ g: Geometry, property: PropertyMaker) throws -> LottieJSON? {
        switch content {
        case .border: return border(g, property: property)
        case .path: return try pathGroup(g, property: property)
        case .background: return background(g, property: property)
        }
    }

    private func colors(_ keyPath: String) -> [[Double]] { column(keyPath).map { $0.components } }

    /// Core Animation draws the border inside the bounds; a Lottie stroke is centred on its
    /// outline, so the outline is the bounds inset by half the border width.
    private func border(_ g: Geometry, property: PropertyMaker) -> LottieJSON? {
        let border = colors("borderColor")
        let widths = scalars("borderWidth")
        guard g.hasArea && (0..<frameCount).contains(where: { widths[$0] > 0 && border[$0][3] > 0 }) else {
            return nil
        }
        let radii = scalars("cornerRadius")
        let sizes = (0..<frameCount).map { i in
            [max(0, g.bounds[i].size.width - widths[i]), max(0, g.bounds[i].size.height - widths[i])]
        }
        return group(
            "border",
            [
                rectangle(
                    "border", centers: g.centers, sizes: sizes,
                    radii: (0..<frameCount).map { [max(0, radii[$0] - widths[$0] / 2)] },
                    property: property, hints: hints("bounds", "borderWidth", "cornerRadius"), radius: nil),
                stroke(
                    "border", colors: border, widths: widths.map { [$0] }, property: property,
                    colorKeyPath: "borderColor", widthKeyPath: "borderWidth"),
            ])
    }

    /// The path (CAShapeLayer's), filled and stroked.
    private func pathGroup(_ g: Geometry, property: PropertyMaker) throws -> LottieJSON? {
        let fillColors = colors("fillColor")
        let strokeColors = colors("strokeColor")
        let lineWidths = scalars("lineWidth")
        guard g.paths.contains(where: { !$0.elements.isEmpty }),
            fillColors.contains(where: { $0[3] > 0 })
                || (0..<frameCount).contains(where: { strokeColors[$0][3] > 0 && lineWidths[$0] > 0 })
        else { return nil }
        return group(
            "path",
            try pathItems(g.paths, property: property)
                + [
                    fill("path", colors: fillColors, property: property, keyPath: "fillColor"),
                    stroke(
                        "path", colors: strokeColors, widths: lineWidths.map { [$0] }, property: property,
                        colorKeyPath: "strokeColor", widthKeyPath: "lineWidth"),
                ])
    }

    private func background(_ g: Geometry, property: PropertyMaker) -> LottieJSON? {
        let background = colors("backgroundColor")
        guard g.hasArea && background.contains(where: { $0[3] > 0 }) else { return nil }
        return group(
            "background",
            [
                rectangle(
                    "background", centers: g.centers,
                    sizes: g.bounds.map { [$0.size.width, $0.size.height] },
                    radii: scalars("cornerRadius").map { [$0] }, property: property,
                    hints: hints("bounds", "cornerRadius"),
                    radius: LottieLayer.from("cornerRadius") { $0.components }),
                fill("background", colors: background, property: property, keyPath: "backgroundColor"),
            ])
    }

    /// A layer that draws nothing at all in Core Animation (no background, border or path, as
    /// most of the seed examples' layers) would export as nothing; it is drawn as a grey
    /// placeholder instead so its motion plays: its bounds when they have an area, else a dot
    /// of `markerDiameter` centred on its anchor.
    private func marker(_ g: Geometry, property: PropertyMaker) -> LottieJSON {
        let markerColors = [[Double]](repeating: LottieLayer.markerColor + [1], count: frameCount)
        let outline: LottieJSON =
            g.hasArea
            ? rectangle(
                "marker", centers: g.centers, sizes: g.bounds.map { [$0.size.width, $0.size.height] },
                radii: scalars("cornerRadius").map { [$0] }, property: property,
                hints: hints("bounds", "cornerRadius"),
                radius: LottieLayer.from("cornerRadius") { $0.components })
            : .object([
                ("ty", .string("el")), ("nm", .string("marker")),
                ("p", property("marker.el.p", .vector, g.anchors, hints("bounds", "anchorPoint"), nil)),
                (
                    "s",
                    .object([
                        ("a", .number(0)),
                        ("k", .numbers([LottieLayer.markerDiameter, LottieLayer.markerDiameter])),
                    ])
                ),
            ])
        return group(
            "marker", [outline, fill("marker", colors: markerColors, property: property, keyPath: "")])
    }

    /// The layer's own fields (lottie-spec `layers/layer`), a null layer's without shapes.
    private func fields(index: Int, isNull: Bool, transform: [(String, LottieJSON)], shapes: [LottieJSON])
        -> LottieJSON
    {
        var fields: [(String, LottieJSON)] = [
            ("ty", .number(isNull ? 3 : 4)), ("nm", .string(name)), ("ind", .number(Double(index))),
        ]
        if let parent { fields.append(("parent", .number(Double(parent)))) }
        // Said explicitly: rlottie 0.1 (Debian's) reads a layer without `ddd` as a 3D layer and
        // then ignores its `r` (a bar turned 90° is drawn unturned: LottieExportTests), where the
        // spec's default is 0. Before `ks`, which rlottie parses with it.
        fields.append(("ddd", .number(0)))
        fields += [
            ("ip", .number(Double(inPoint))), ("op", .number(Double(outPoint ?? frameCount))),
            ("st", .number(0)),
            ("ks", .object(transform)),
        ]
        if !masks.isEmpty && !isNull {
            fields += [("hasMask", .bool(true)), ("masksProperties", .array(masks))]
        }
        if !isNull { fields.append(("shapes", .array(shapes))) }
        return .object(fields)
    }

    package typealias PropertyMaker = (
        String, LottieProperty.Kind, [[Double]], [LottieSegmentHint],
        LottieKeyframes.Converter?
    ) -> LottieJSON

    private func group(_ name: String, _ items: [LottieJSON]) -> LottieJSON {
        // A group's own transform comes last among its items (lottie-spec `shapes/group`).
        let identity: LottieJSON = .object([
            ("ty", .string("tr")),
            ("a", .object([("a", .number(0)), ("k", .numbers([0, 0]))])),
            ("p", .object([("a", .number(0)), ("k", .numbers([0, 0]))])),
            ("s", .object([("a", .number(0)), ("k", .numbers([100, 100]))])),
            ("r", .object([("a", .number(0)), ("k", .number(0))])),
            ("o", .object([("a", .number(0)), ("k", .number(100))])),
        ])
        return .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [identity]))])
    }

    private func rectangle(
        _ owner: String, centers: [[Double]], sizes: [[Double]], radii: [[Double]],
        property: PropertyMaker, hints: [LottieSegmentHint],
        radius: LottieKeyframes.Converter?
    ) -> LottieJSON {
        if let matrices = outlineMatrices {
            // Seen through a perspective: the rounded rectangle's outline, through the matrix.
            let outlines = (0..<frameCount).map { i in
                LottieTree.mapped(
                    LottieTree.roundedRectangle(
                        Rect(
                            x: centers[i][0] - sizes[i][0] / 2, y: centers[i][1] - sizes[i][1] / 2,
                            width: sizes[i][0], height: sizes[i][1]), radius: radii[i][0]),
                    through: matrices[i])
            }
            return .object([
                ("ty", .string("sh")), ("nm", .string(owner)),
                ("ks", property(owner + ".sh", .bezier(closed: true), outlines, [], nil)),
            ])
        }
        return .object([
            ("ty", .string("rc")), ("nm", .string(owner)),
            ("p", property(owner + ".rc.p", .vector, centers, hints, nil)),
            ("s", property(owner + ".rc.s", .vector, sizes, hints, nil)),
            ("r", property(owner + ".rc.r", .scalar, radii, hints, radius)),
        ])
    }

    /// Lottie colours are r, g, b in 0–1 with the alpha as the fill's opacity in 0–100.
    private func fill(_ owner: String, colors: [[Double]], property: PropertyMaker, keyPath: String)
        -> LottieJSON
    {
        let hints = keyPath.isEmpty ? [] : hints(keyPath)
        return .object([
            ("ty", .string("fl")), ("nm", .string(owner + " fill")),
            (
                "c",
                property(
                    owner + ".fl.c", .vector, colors.map { Array($0.prefix(3)) }, hints,
                    LottieLayer.from(keyPath) { Array($0.components.prefix(3)) })
            ),
            (
                "o",
                property(
                    owner + ".fl.o", .scalar, colors.map { [$0[3] * 100] }, hints,
                    LottieLayer.from(keyPath) { [$0.components[3] * 100] })
            ),
            ("r", .number(1)),  // non-zero winding, CAShapeLayer's default fill rule
        ])
    }

    private func stroke(
        _ owner: String, colors: [[Double]], widths: [[Double]], property: PropertyMaker,
        colorKeyPath: String, widthKeyPath: String
    ) -> LottieJSON {
        .object([
            ("ty", .string("st")), ("nm", .string(owner + " stroke")),
            (
                "c",
                property(
                    owner + ".st.c", .vector, colors.map { Array($0.prefix(3)) }, hints(colorKeyPath),
                    LottieLayer.from(colorKeyPath) { Array($0.components.prefix(3)) })
            ),
            (
                "o",
                property(
                    owner + ".st.o", .scalar, colors.map { [$0[3] * 100] }, hints(colorKeyPath),
                    LottieLayer.from(colorKeyPath) { [$0.components[3] * 100] })
            ),
            (
                "w",
                property(
                    owner + ".st.w", .scalar, widths, hints(widthKeyPath),
                    LottieLayer.from(widthKeyPath) { $0.components })
            ),
            ("lc", .number(1)), ("lj", .number(1)), ("ml", .number(10)),  // butt, miter, CA's miterLimit 10
        ])
    }

    /// One `sh` per subpath; morphing needs the same subpaths, vertex counts and closed flags
    /// in every frame.
    private func pathItems(_ paths: [Path], property: PropertyMaker) throws -> [LottieJSON] {
        let beziers = paths.map(LottieBezier.init)
        let structure = beziers[0].structure
        if let i = beziers.firstIndex(where: { $0.structure != structure }) {
            throw CommandError(
                "layer '\(name)': its path changes shape at frame \(i) (subpaths, points or closing differ); "
                    + "Lottie morphs only between paths with the same points, so give every keyframe the same elements"
            )
        }
        return beziers[0].subpaths.indices.map { k in
            .object([
                ("ty", .string("sh")), ("nm", .string("path \(k + 1)")),
                (
                    "ks",
                    property(
                        "path.sh\(k + 1)", .bezier(closed: beziers[0].subpaths[k].closed),
                        beziers.indices.map { i in
                            let numbers = beziers[i].components(ofSubpath: k)
                            return outlineMatrices.map { LottieTree.mapped(numbers, through: $0[i]) }
                                ?? numbers
                        }, outlineMatrices == nil ? hints("path") : [],
                        LottieLayer.from("path") { value in
                            guard case .path(let p) = value else { return nil }
                            let b = LottieBezier(p)
                            return b.structure == structure ? b.components(ofSubpath: k) : nil
                        })
                ),
            ])
        }
    }

    /// Corners of what the layer draws at each frame, through its transform, unioned.
    private func extent(_ g: Geometry, marker: Bool) -> Rect? {
        let (bounds, anchors, positions, transforms, paths) = (
            g.bounds, g.anchors, g.positions, g.transforms, g.paths
        )
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for i in 0..<frameCount {
            var local: [Point] = []
            let b = bounds[i]
            if marker {
                let r = LottieLayer.markerDiameter / 2
                local += [
                    Point(anchors[i][0] - r, anchors[i][1] - r), Point(anchors[i][0] + r, anchors[i][1] + r),
                ]
            } else if b.size.width != 0 && b.size.height != 0 {
                local += [b.origin, Point(b.origin.x + b.size.width, b.origin.y + b.size.height)]
            }
            local += paths[i].points
            guard !local.isEmpty else { continue }
            let xs = local.map(\.x)
            let ys = local.map(\.y)
            let t = transforms[i]
            let (sx, sy, r) = (t.scale[0], t.scale[1], t.rotation[2])
            for x in [xs.min()!, xs.max()!] {
                for y in [ys.min()!, ys.max()!] {
                    let dx = (x - anchors[i][0]) * sx
                    let dy = (y - anchors[i][1]) * sy
                    // Row vectors: (dx, dy) · Rz = (dx cos r - dy sin r, dx sin r + dy cos r).
                    let px = positions[i][0] + t.translation[0] + dx * cos(r) - dy * sin(r)
                    let py = positions[i][1] + t.translation[1] + dx * sin(r) + dy * cos(r)
                    minX = min(minX, px)
                    maxX = max(maxX, px)
                    minY = min(minY, py)
                    maxY = max(maxY, py)
                }
            }
        }
        guard minX.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
