import InbetweenEngine

/// One layer at one time: the presentation value of every property the renderer draws it with.
/// The engine has no layer kinds: every layer is a CALayer and a CAShapeLayer at once (its
/// `path` is empty unless a script sets one), so every layer is drawn with all of these.
struct LayerSnapshot: Hashable, Sendable {
    /// The key paths drawn, in the order `init(values:)` reads them: CALayer's geometry and
    /// look, then CAShapeLayer's, then CAGradientLayer's, then the stroke and corner styles
    /// (`LayerStyles`: named styles as indices, the corner mask as its raw value, the dash
    /// pattern as a vector). The engine has no text string.
    static let keyPaths = [
        "bounds", "position", "anchorPoint", "anchorPointZ", "zPosition", "transform", "opacity",
        "backgroundColor", "borderWidth", "borderColor", "cornerRadius", "shadowColor", "shadowOpacity",
        "shadowOffset", "shadowRadius", "shadowPath", "path", "fillColor", "strokeColor", "lineWidth",
        "miterLimit", "strokeStart", "strokeEnd",
        // CAGradientLayer (see `LayerPainter+Gradient.swift`)
        "colors", "locations", "startPoint", "endPoint", "type",
        "doubleSided", "maskedCorners", "cornerCurve", "fillRule", "lineCap", "lineJoin",
        "lineDashPattern", "lineDashPhase",
    ]

    var name: String
    var bounds = Rect.zero
    var position = Point.zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var anchorPointZ = 0.0
    var zPosition = 0.0
    var transform = Transform3D.identity
    var opacity = 1.0
    var backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
    var borderWidth = 0.0
    var borderColor = Color(red: 0, green: 0, blue: 0)
    var cornerRadius = 0.0
    var shadowColor = Color(red: 0, green: 0, blue: 0)
    var shadowOpacity = 0.0
    var shadowOffset = Size(width: 0, height: -3)
    var shadowRadius = 3.0
    var shadowPath = Path()
    var path = Path()
    var fillColor = Color(red: 0, green: 0, blue: 0)
    var strokeColor = Color(red: 0, green: 0, blue: 0, alpha: 0)
    var lineWidth = 1.0
    var miterLimit = 10.0
    var strokeStart = 0.0
    var strokeEnd = 1.0
    var colors: [Color] = []
    var locations: [Double] = []
    var startPoint = Point(x: 0.5, y: 0)
    var endPoint = Point(x: 0.5, y: 1)
    var gradientType = GradientType.axial
    /// The image it shows, if any (not a track: `DrawnLayer.attachContents` sets it).
    var contents: DrawnContents?
    var doubleSided = 1.0
    /// CACornerMask's raw value: bit 0 the minX-minY corner (top left, y down), 1 maxX-minY,
    /// 2 minX-maxY, 3 maxX-maxY.
    var maskedCorners = 15
    var cornerCurve = 0
    var fillRule = 0
    var lineCap = 0
    var lineJoin = 0
    var lineDashPattern: [Double] = []
    var lineDashPhase = 0.0

    init(name: String) { self.name = name }

    /// From the values of `keyPaths`, in that order (a frame's run of one layer's tracks).
    init(name: String, values: ArraySlice<Value>) {
        self.name = name
        var v = values.makeIterator()
        func next() -> Value { v.next() ?? .scalar(0) }
        if case .rect(let r) = next() { bounds = r }
        if case .point(let p) = next() { position = p }
        if case .point(let p) = next() { anchorPoint = p }
        anchorPointZ = next().scalar ?? anchorPointZ
        zPosition = next().scalar ?? zPosition
        if case .transform(let t) = next() { transform = t }
        opacity = next().scalar ?? opacity
        if case .color(let c) = next() { backgroundColor = c }
        borderWidth = next().scalar ?? borderWidth
        if case .color(let c) = next() { borderColor = c }
        cornerRadius = next().scalar ?? cornerRadius
        if case .color(let c) = next() { shadowColor = c }
        shadowOpacity = next().scalar ?? shadowOpacity
        if case .size(let s) = next() { shadowOffset = s }
        shadowRadius = next().scalar ?? shadowRadius
        if case .path(let p) = next() { shadowPath = p }
        if case .path(let p) = next() { path = p }
        if case .color(let c) = next() { fillColor = c }
        if case .color(let c) = next() { strokeColor = c }
        lineWidth = next().scalar ?? lineWidth
        miterLimit = next().scalar ?? miterLimit
        strokeStart = next().scalar ?? strokeStart
        strokeEnd = next().scalar ?? strokeEnd
        if case .array(let items) = next() {
            colors = items.compactMap { if case .color(let c) = $0 { c } else { nil } }
        }
        if case .array(let items) = next() { locations = items.compactMap(\.scalar) }
        if case .point(let p) = next() { startPoint = p }
        if case .point(let p) = next() { endPoint = p }
        gradientType = GradientType(code: next().scalar ?? 0)
        doubleSided = next().scalar ?? doubleSided
        maskedCorners = next().index ?? maskedCorners
        cornerCurve = next().index ?? cornerCurve
        fillRule = next().index ?? fillRule
        lineCap = next().index ?? lineCap
        lineJoin = next().index ?? lineJoin
        if case .vector(let v) = next() { lineDashPattern = v }
        lineDashPhase = next().scalar ?? lineDashPhase
    }

    /// The value at one of `keyPaths` (nil for any other key path): what the preview page
    /// writes for a layer of a tree, which it draws from these values.
    func value(forKeyPath keyPath: String) -> Value? {
        switch keyPath {
        case "bounds": .rect(bounds)
        case "position": .point(position)
        case "anchorPoint": .point(anchorPoint)
        case "anchorPointZ": .scalar(anchorPointZ)
        case "zPosition": .scalar(zPosition)
        case "transform": .transform(transform)
        case "opacity": .scalar(opacity)
        case "backgroundColor": .color(backgroundColor)
        case "borderWidth": .scalar(borderWidth)
        case "borderColor": .color(borderColor)
        case "cornerRadius": .scalar(cornerRadius)
        case "shadowColor": .color(shadowColor)
        case "shadowOpacity": .scalar(shadowOpacity)
        case "shadowOffset": .size(shadowOffset)
        case "shadowRadius": .scalar(shadowRadius)
        case "shadowPath": .path(shadowPath)
        case "path": .path(path)
        case "fillColor": .color(fillColor)
        case "strokeColor": .color(strokeColor)
        case "lineWidth": .scalar(lineWidth)
        case "miterLimit": .scalar(miterLimit)
        case "strokeStart": .scalar(strokeStart)
        case "strokeEnd": .scalar(strokeEnd)
        case "colors": .array(colors.map { .color($0) })
        case "locations": .array(locations.map { .scalar($0) })
        case "startPoint": .point(startPoint)
        case "endPoint": .point(endPoint)
        case "type": .scalar(Double(gradientType.rawValue))
        case "doubleSided": .scalar(doubleSided)
        case "maskedCorners": .scalar(Double(maskedCorners))
        case "cornerCurve": .scalar(Double(cornerCurve))
        case "fillRule": .scalar(Double(fillRule))
        case "lineCap": .scalar(Double(lineCap))
        case "lineJoin": .scalar(Double(lineJoin))
        case "lineDashPattern": .vector(lineDashPattern)
        case "lineDashPhase": .scalar(lineDashPhase)
        default: nil
        }
    }

    /// From a layer's presentation values (a scene evaluated at a time).
    init(name: String, presentation: PropertyValues) {
        let values = LayerSnapshot.keyPaths.map {
            presentation[$0] ?? PropertyValues.defaultValue(forKeyPath: $0) ?? .scalar(0)
        }
        self.init(name: name, values: values[...])
    }

    /// The layer's matrix from its own coordinates (origin at the bounds' top-left corner) to
    /// the scene's: a point q lands at (q − anchorPoint·size − (0, 0, anchorPointZ)) ·
    /// transform + (position, zPosition), CATransform3D's row vectors (Apple, "Core Animation
    /// Programming Guide: Layers Have Their Own Geometry"); the preview page composes the same.
    /// The layer's map from its own coordinates (origin at the bounds' top-left corner) to
    /// the scene's, as the screen sees it (`Projection`): a point q lands at (q − anchorPoint·size
    /// − (0, 0, anchorPointZ)) · transform + (position, zPosition), CATransform3D's row vectors
    /// (Apple, "Core Animation Programming Guide: Layers Have Their Own Geometry"); the preview
    /// page composes the same. Worked out from the transform's rows directly: with rows r1...r4,
    /// the product has rows r1, r2 and r4 − ax·r1 − ay·r2 − az·r3, and then each row's x and y
    /// gain position times its w (no 4×4 products, which allocate).
    var plane: Projection {
        let m = transform.m
        let ax = anchorPoint.x * bounds.size.width
        let ay = anchorPoint.y * bounds.size.height
        let az = anchorPointZ
        // Row 4 of T(−a)·M (x, y, w: columns 1, 2, 4).
        let r4x = m[12] - ax * m[0] - ay * m[4] - az * m[8]
        let r4y = m[13] - ax * m[1] - ay * m[5] - az * m[9]
        let r4w = m[15] - ax * m[3] - ay * m[7] - az * m[11]
        // Then ·T(position): x += w·px, y += w·py in every row.
        let (px, py) = (position.x, position.y)
        return Projection(
            m[0] + m[3] * px, m[1] + m[3] * py, m[3],
            m[4] + m[7] * px, m[5] + m[7] * py, m[7],
            r4x + r4w * px, r4y + r4w * py, r4w)
    }
}

extension Value {
    fileprivate var scalar: Double? {
        if case .scalar(let x) = self { return x }
        return nil
    }

    /// A named style's index or a mask (whole numbers the engine checked).
    fileprivate var index: Int? {
        if case .scalar(let x) = self, let i = Int(exactly: x) { return i }
        return nil
    }
}
