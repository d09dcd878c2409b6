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

    package func build(index: Int, tolerance: Double) throws -> Output {
        let bounds = column("bounds").map { value -> Rect in
            if case .rect(let r) = value { return r }
            return .zero
        }
        let anchorPoints = column("anchorPoint").map { $0.components }
        let transforms = column("transform").map { value -> TransformComponents in
            if case .transform(let t) = value { return t.decomposed }
            return TransformComponents()
        }
        let positions = column("position").map { $0.components }
        var exact: [(String, [ClosedRange<Double>])] = []
        func property(
            _ name: String, _ kind: LottieProperty.Kind, _ values: [[Double]],
            _ hints: [LottieSegmentHint], _ convert: LottieKeyframes.Converter?
        ) -> LottieJSON {
            var p = LottieProperty(name: name, kind: kind, frames: values, hints: hints, convert: convert)
            p.firstFrame = firstFrame
            let (json, ranges) = p.json(tolerance: tolerance)
            if !ranges.isEmpty { exact.append((name, ranges)) }
            return json
        }

        let anchors = (0..<frameCount).map { i in
            [
                bounds[i].origin.x + anchorPoints[i][0] * bounds[i].size.width,
                bounds[i].origin.y + anchorPoints[i][1] * bounds[i].size.height,
            ]
        }
        let degrees = 180 / Double.pi
        let transform: [(String, LottieJSON)] =
            self.transform ?? [
                ("a", property("ks.a", .vector, anchors, hints("bounds", "anchorPoint"), nil)),
                (
                    "p",
                    property(
                        "ks.p", .vector,
                        (0..<frameCount).map { i in
                            [
                                positions[i][0] + transforms[i].translation[0],
                                positions[i][1] + transforms[i].translation[1],
                            ]
                        }, hints("position", "transform.translation"),
                        LottieLayer.from("position") { $0.components })
                ),
                (
                    "s",
                    property(
                        "ks.s", .vector, transforms.map { [$0.scale[0] * 100, $0.scale[1] * 100] },
                        hints("transform.scale"),
                        LottieLayer.from("transform.scale") {
                            [$0.components[0] * 100, $0.components[0] * 100]
                        })
                ),
                (
                    "r",
                    property(
                        "ks.r", .scalar, transforms.map { [$0.rotation[2] * degrees] },
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

        var shapes: [LottieJSON] = []
        let colorsOf = { (keyPath: String) -> [[Double]] in self.column(keyPath).map { $0.components } }
        let background = colorsOf("backgroundColor")
        let border = colorsOf("borderColor")
        let fillColors = colorsOf("fillColor")
        let strokeColors = colorsOf("strokeColor")
        let borderWidths = scalars("borderWidth")
        let radii = scalars("cornerRadius")
        let lineWidths = scalars("lineWidth")
        let paths = column("path").map { value -> Path in
            if case .path(let p) = value { return p }
            return Path()
        }
        let hasArea = bounds.contains { $0.size.width != 0 && $0.size.height != 0 }
        let hasPath = paths.contains { !$0.elements.isEmpty }
        let drawsBorder = hasArea && (0..<frameCount).contains { borderWidths[$0] > 0 && border[$0][3] > 0 }
        let drawsBackground = hasArea && background.contains { $0[3] > 0 }
        let drawsPath =
            hasPath
            && (fillColors.contains { $0[3] > 0 }
                || (0..<frameCount).contains { strokeColors[$0][3] > 0 && lineWidths[$0] > 0 })

        let centers = bounds.map { [$0.origin.x + $0.size.width / 2, $0.origin.y + $0.size.height / 2] }
        if drawsBorder {
            // Core Animation draws the border inside the bounds; a Lottie stroke is centred on
            // its outline, so the outline is the bounds inset by half the border width.
            let sizes = (0..<frameCount).map { i in
                [
                    max(0, bounds[i].size.width - borderWidths[i]),
                    max(0, bounds[i].size.height - borderWidths[i]),
                ]
            }
            shapes.append(
                group(
                    "border",
                    [
                        rectangle(
                            "border", centers: centers, sizes: sizes,
                            radii: (0..<frameCount).map { [max(0, radii[$0] - borderWidths[$0] / 2)] },
                            property: property, hints: hints("bounds", "borderWidth", "cornerRadius"),
                            radius: nil),
                        stroke(
                            "border", colors: border, widths: borderWidths.map { [$0] }, property: property,
                            colorKeyPath: "borderColor", widthKeyPath: "borderWidth"),
                    ]))
        }
        if drawsPath {
            shapes.append(
                group(
                    "path",
                    try pathItems(paths, property: property)
                        + [
                            fill("path", colors: fillColors, property: property, keyPath: "fillColor"),
                            stroke(
                                "path", colors: strokeColors, widths: lineWidths.map { [$0] },
                                property: property,
                                colorKeyPath: "strokeColor", widthKeyPath: "lineWidth"),
                        ]))
        }
        if drawsBackground {
            shapes.append(
                group(
                    "background",
                    [
                        rectangle(
                            "background", centers: centers,
                            sizes: bounds.map { [$0.size.width, $0.size.height] }, radii: radii.map { [$0] },
                            property: property, hints: hints("bounds", "cornerRadius"),
                            radius: LottieLayer.from("cornerRadius") { $0.components }),
                        fill(
                            "background", colors: background, property: property, keyPath: "backgroundColor"),
                    ]))
        }
        let isNull = self.isNull || (shapes.isEmpty && nullWhenBlank)
        let isMarker = shapes.isEmpty && !isNull
        if isMarker {
            // A layer that draws nothing at all in Core Animation (no background, border or
            // path, as most of the seed examples' layers) would export as nothing; it is drawn
            // as a grey placeholder instead so its motion plays: its bounds when they have an
            // area, else a dot of `markerDiameter` centred on its anchor.
            let markerColors = [[Double]](repeating: LottieLayer.markerColor + [1], count: frameCount)
            let outline: LottieJSON =
                hasArea
                ? rectangle(
                    "marker", centers: centers, sizes: bounds.map { [$0.size.width, $0.size.height] },
                    radii: radii.map { [$0] }, property: property, hints: hints("bounds", "cornerRadius"),
                    radius: LottieLayer.from("cornerRadius") { $0.components })
                : .object([
                    ("ty", .string("el")), ("nm", .string("marker")),
                    ("p", property("marker.el.p", .vector, anchors, hints("bounds", "anchorPoint"), nil)),
                    (
                        "s",
                        .object([
                            ("a", .number(0)),
                            ("k", .numbers([LottieLayer.markerDiameter, LottieLayer.markerDiameter])),
                        ])
                    ),
                ])
            shapes.append(
                group(
                    "marker",
                    [outline, fill("marker", colors: markerColors, property: property, keyPath: "")]))
        }

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
        let layer: LottieJSON = .object(fields)
        return Output(
            json: layer, exact: exact,
            extent: extent(
                bounds: bounds, anchors: anchors, positions: positions,
                transforms: transforms, paths: paths, marker: isMarker && !hasArea))
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
    private func extent(
        bounds: [Rect], anchors: [[Double]], positions: [[Double]],
        transforms: [TransformComponents], paths: [Path], marker: Bool
    ) -> Rect? {
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
