import InbetweenEngine

/// A chart drawn as a self-contained SVG: axes with ticks and labels, several series overlaid in
/// distinct colors with a legend. The same model draws easing curves in the unit square,
/// values over time, and 2D motion paths in Core Animation's y-down space (see
/// SVGChart+Kinds.swift for those three).
package struct SVGChart {
    package struct Series {
        package var name: String
        package var points: [(x: Double, y: Double)]
        /// Draw a dot at every point (frames along a motion path).
        package var dots = false
        /// A cubic Bézier's four control points: drawn as handles P0–P1 and P3–P2.
        package var controlPoints: [(x: Double, y: Double)] = []
        /// Segments not drawn: the line is broken after these point indices (a value that
        /// jumps, such as a snap back to the model value, is not a travelled line).
        package var breaks: Set<Int> = []
        /// A colour of its own (a red channel is red) instead of the palette's next.
        package var color: String?
        /// A shape drawn as its outline instead of `points` (a path-valued track at one time).
        package var outline: Path?
        package var opacity = 1.0

        package init(
            name: String, points: [(x: Double, y: Double)], dots: Bool = false,
            controlPoints: [(x: Double, y: Double)] = [], breaks: Set<Int> = [], color: String? = nil,
            outline: Path? = nil, opacity: Double = 1.0
        ) {
            self.name = name
            self.points = points
            self.dots = dots
            self.controlPoints = controlPoints
            self.breaks = breaks
            self.color = color
            self.outline = outline
            self.opacity = opacity
        }
    }

    package var title: String
    package var x: ChartAxis
    package var y: ChartAxis
    package var series: [Series]
    /// Core Animation's layer space: y grows downward, so the y axis runs top to bottom.
    package var yDown = false
    /// One unit on x is as long as one unit on y (easing squares, motion paths).
    package var equalScale = false
    /// A rectangle (in data units) drawn with a stronger line: the easing's unit square.
    package var frame: (lower: (x: Double, y: Double), upper: (x: Double, y: Double))?
    /// The largest plot area, in pixels.
    package var maxPlotWidth = 560.0
    package var maxPlotHeight = 360.0
    /// With `equalScale`, a plot narrower than this is widened (giving up equal units): a curve
    /// that overshoots far must not shrink to a sliver.
    package var minPlotWidth = 0.0
    /// A band of colour swatches over the plot, one per span of x (a colour track's frames).
    package var swatches: [(from: Double, to: Double, color: Color)] = []

    /// Okabe & Ito's palette for color-blind readers ("Color Universal Design", 2008), without
    /// its yellow, which vanishes on white.
    package static let palette = [
        "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
    ]
    /// When the palette runs out (a transform's 16 entries), each further round of it is
    /// dashed differently: solid, dashed, dotted, dash-dot.
    package static let dashes = ["", "7 3", "2 3", "8 3 2 3"]

    /// Series `i`'s stroke: its own colour, or the palette's, dashed after the first round.
    package func stroke(_ i: Int) -> (color: String, dash: String) {
        if let color = series[i].color { return (color, "") }
        let p = SVGChart.palette.count
        return (SVGChart.palette[i % p], SVGChart.dashes[(i / p) % SVGChart.dashes.count])
    }

    // Margins in pixels: room for tick labels and axis labels on the left and below, the title
    // above, and a legend row per series under the x label.
    package static let marginLeft = 64.0, marginRight = 24.0, marginTop = 40.0, marginBottom = 52.0
    package static let legendRow = 18.0, tickLength = 5.0
    /// Rough advance of one character at 12 px (15 px for the title) in a sans-serif font, to
    /// widen the picture so that long names are not cut off.
    package static let characterWidth = 7.0, titleCharacterWidth = 9.0
    /// A tick label's advance per character, on the generous side: 0.65 em at 12 px. Digits
    /// are 0.556 em in Helvetica and Arial and about 0.64 em in DejaVu Sans, the usual
    /// fallback on Linux; labels closer than their widths plus `tickLabelGap` get fewer ticks.
    package static let tickCharacterWidth = 7.8, tickLabelGap = 8.0, tickLabelHeight = 14.0
    /// The swatch band's height and its gap to the plot.
    package static let swatchHeight = 12.0

    package func render() -> [UInt8] {
        var chart = self
        chart.fitTicks()
        return chart.draw()
    }

    /// Fewer ticks on an axis whose labels would touch: the labels' widths (x) or heights (y)
    /// plus a gap must fit between neighbouring ticks.
    package mutating func fitTicks() {
        for _ in 0..<8 {
            let (w, h) = plotSize()
            let xFits = labelsFit(x, pixels: w) { Double($0.count) * SVGChart.tickCharacterWidth }
            let yFits = labelsFit(y, pixels: h) { _ in SVGChart.tickLabelHeight }
            if xFits && yFits { return }
            if !xFits { x = x.coarser() }
            if !yFits { y = y.coarser() }
        }
    }

    private func labelsFit(_ axis: ChartAxis, pixels: Double, size: (String) -> Double) -> Bool {
        let ticks = axis.ticks
        guard ticks.count > 1 else { return true }
        for i in 1..<ticks.count {
            let distance = abs(ticks[i] - ticks[i - 1]) / axis.span * pixels
            let a = size(ChartAxis.tickFormat.string(ticks[i - 1]))
            let b = size(ChartAxis.tickFormat.string(ticks[i]))
            if distance < (a + b) / 2 + SVGChart.tickLabelGap { return false }
        }
        return true
    }

    /// Where the chart's parts go, in px: the plot's box, the legend's first row, the whole
    /// picture, and data coordinates to px.
    private struct Layout {
        var left: Double
        var top: Double
        var plotWidth: Double
        var plotHeight: Double
        var legendTop: Double
        var width: Double
        var height: Double
        var sx: (Double) -> Double
        var sy: (Double) -> Double
        var bottom: Double { top + plotHeight }
    }

    private func layout() -> Layout {
        let (plotWidth, plotHeight) = plotSize()
        let left = SVGChart.marginLeft
        let top = SVGChart.marginTop + (swatches.isEmpty ? 0 : SVGChart.swatchHeight + 4)
        let longestName = Double(series.map(\.name.count).max() ?? 0)
        let width = max(
            left + plotWidth + SVGChart.marginRight,
            left + 32 + longestName * SVGChart.characterWidth + SVGChart.marginRight,
            Double(title.count) * SVGChart.titleCharacterWidth + 2 * SVGChart.marginRight)
        let legendTop = top + plotHeight + SVGChart.marginBottom
        let height = legendTop + Double(series.count) * SVGChart.legendRow + 8
        let (x, y, yDown) = (self.x, self.y, self.yDown)
        let sx = { (v: Double) in left + (v - x.lower) / x.span * plotWidth }
        let sy = { (v: Double) in
            yDown ? top + (v - y.lower) / y.span * plotHeight : top + (y.upper - v) / y.span * plotHeight
        }
        return Layout(
            left: left, top: top, plotWidth: plotWidth, plotHeight: plotHeight, legendTop: legendTop,
            width: width, height: height, sx: sx, sy: sy)
    }

    private func draw() -> [UInt8] {
        let l = layout()
        var svg = SVGWriter(width: l.width, height: l.height, title: title)
        svg.element(
            "text",
            [
                ("x", SVGWriter.px(l.width / 2)), ("y", "22"), ("text-anchor", "middle"),
                ("font-size", "15"), ("font-weight", "bold"),
            ], text: title)
        drawGrid(&svg, l)
        drawFrames(&svg, l)
        drawAxes(&svg, l)
        // Colour swatches over the plot, then the series and the legend.
        drawSwatches(&svg, l)
        for (i, s) in series.enumerated() { drawSeries(s, index: i, &svg, l) }
        return svg.finish()
    }

    /// The grid: a light line at each tick.
    private func drawGrid(_ svg: inout SVGWriter, _ l: Layout) {
        let px = SVGWriter.px
        svg.open("g", [("stroke", "#e4e4e4"), ("stroke-width", "1")])
        for t in x.ticks {
            svg.element(
                "line", [("x1", px(l.sx(t))), ("y1", px(l.top)), ("x2", px(l.sx(t))), ("y2", px(l.bottom))])
        }
        for t in y.ticks {
            svg.element(
                "line",
                [
                    ("x1", px(l.left)), ("y1", px(l.sy(t))), ("x2", px(l.left + l.plotWidth)),
                    ("y2", px(l.sy(t))),
                ])
        }
        svg.close("g")
    }

    /// The dashed `frame` (when set), then the plot's border.
    private func drawFrames(_ svg: inout SVGWriter, _ l: Layout) {
        let px = SVGWriter.px
        if let frame {
            let x0 = l.sx(frame.lower.x)
            let x1 = l.sx(frame.upper.x)
            let y0 = l.sy(frame.lower.y)
            let y1 = l.sy(frame.upper.y)
            svg.element(
                "rect",
                [
                    ("x", px(min(x0, x1))), ("y", px(min(y0, y1))), ("width", px(abs(x1 - x0))),
                    ("height", px(abs(y1 - y0))), ("fill", "none"), ("stroke", "#9a9a9a"),
                    ("stroke-dasharray", "4 3"),
                ])
        }
        svg.element(
            "rect",
            [
                ("x", px(l.left)), ("y", px(l.top)), ("width", px(l.plotWidth)), ("height", px(l.plotHeight)),
                ("fill", "none"), ("stroke", "#555555"),
            ])
    }

    /// Tick marks with their labels, and the two axis labels.
    private func drawAxes(_ svg: inout SVGWriter, _ l: Layout) {
        let px = SVGWriter.px
        svg.open("g", [("fill", "#333333")])
        for t in x.ticks {
            svg.element(
                "line",
                [
                    ("x1", px(l.sx(t))), ("y1", px(l.bottom)), ("x2", px(l.sx(t))),
                    ("y2", px(l.bottom + SVGChart.tickLength)), ("stroke", "#555555"),
                ])
            svg.element(
                "text",
                [
                    ("class", "tick x"), ("x", px(l.sx(t))), ("y", px(l.bottom + 18)),
                    ("text-anchor", "middle"),
                ],
                text: ChartAxis.tickFormat.string(t))
        }
        for t in y.ticks {
            svg.element(
                "line",
                [
                    ("x1", px(l.left - SVGChart.tickLength)), ("y1", px(l.sy(t))), ("x2", px(l.left)),
                    ("y2", px(l.sy(t))), ("stroke", "#555555"),
                ])
            svg.element(
                "text",
                [("class", "tick y"), ("x", px(l.left - 8)), ("y", px(l.sy(t) + 4)), ("text-anchor", "end")],
                text: ChartAxis.tickFormat.string(t))
        }
        svg.element(
            "text",
            [("x", px(l.left + l.plotWidth / 2)), ("y", px(l.bottom + 38)), ("text-anchor", "middle")],
            text: x.label)
        let yMid = l.top + l.plotHeight / 2
        svg.element(
            "text",
            [
                ("x", "16"), ("y", px(yMid)), ("text-anchor", "middle"),
                ("transform", "rotate(-90 16 \(px(yMid)))"),
            ], text: y.label)
        svg.close("g")
    }

    private func drawSwatches(_ svg: inout SVGWriter, _ l: Layout) {
        let px = SVGWriter.px
        for swatch in swatches {
            let x0 = l.sx(swatch.from)
            let x1 = l.sx(swatch.to)
            let c = swatch.color
            svg.element(
                "rect",
                [
                    ("x", px(min(x0, x1))), ("y", px(l.top - SVGChart.swatchHeight - 4)),
                    ("width", px(max(abs(x1 - x0), 0.5))), ("height", px(SVGChart.swatchHeight)),
                    ("fill", SVGChart.rgb(c)), ("fill-opacity", SVGChart.coordinate(min(max(c.alpha, 0), 1))),
                    // A hairline of the same colour closes the seams anti-aliasing leaves.
                    ("stroke", SVGChart.rgb(c)), ("stroke-width", "0.6"),
                ])
        }
    }

    /// One series: its outline, a Bézier's control points, its line (or dots), its legend row.
    private func drawSeries(_ s: Series, index i: Int, _ svg: inout SVGWriter, _ l: Layout) {
        let px = SVGWriter.px
        let (color, dash) = stroke(i)
        var look: [(String, String)] = [
            ("fill", "none"), ("stroke", color), ("stroke-width", "2"), ("stroke-linejoin", "round"),
        ]
        if !dash.isEmpty { look.append(("stroke-dasharray", dash)) }
        if s.opacity < 1 { look.append(("stroke-opacity", SVGChart.coordinate(s.opacity))) }
        if let outline = s.outline {
            svg.element("path", [("d", SVGChart.pathData(outline, l.sx, l.sy))] + look)
        }
        let points = s.points.map { (l.sx($0.x), l.sy($0.y)) }
        if s.controlPoints.count == 4 {
            drawControlPoints(s.controlPoints.map { (l.sx($0.x), l.sy($0.y)) }, color: color, &svg)
        }
        // One polyline per unbroken run; a run of one point (between two jumps) is a dot.
        var run: [(Double, Double)] = []
        for (k, p) in points.enumerated() {
            run.append(p)
            guard s.breaks.contains(k) || k == points.count - 1 else { continue }
            if run.count > 1 {
                svg.polyline(run, look)
            } else if !s.dots {
                svg.element("circle", [("cx", px(p.0)), ("cy", px(p.1)), ("r", "1.5"), ("fill", color)])
            }
            run = []
        }
        if s.dots {
            svg.open("g", [("fill", color)])
            for p in points { svg.element("circle", [("cx", px(p.0)), ("cy", px(p.1)), ("r", "2.5")]) }
            svg.close("g")
        }
        let rowY = l.legendTop + Double(i) * SVGChart.legendRow
        var key: [(String, String)] = [
            ("x1", px(l.left)), ("y1", px(rowY)), ("x2", px(l.left + 24)), ("y2", px(rowY)),
            ("stroke", color), ("stroke-width", "3"),
        ]
        if !dash.isEmpty { key.append(("stroke-dasharray", dash)) }
        if s.opacity < 1 { key.append(("stroke-opacity", SVGChart.coordinate(s.opacity))) }
        svg.element("line", key)
        svg.element("text", [("x", px(l.left + 32)), ("y", px(rowY + 4))], text: s.name)
    }

    /// A cubic Bézier's handles (in px): dashed lines from the ends to their control points,
    /// and the two control points as rings.
    private func drawControlPoints(_ c: [(Double, Double)], color: String, _ svg: inout SVGWriter) {
        let px = SVGWriter.px
        svg.open("g", [("stroke", color), ("stroke-width", "1"), ("stroke-dasharray", "3 2")])
        for (a, b) in [(0, 1), (3, 2)] {
            svg.element(
                "line",
                [("x1", px(c[a].0)), ("y1", px(c[a].1)), ("x2", px(c[b].0)), ("y2", px(c[b].1))])
        }
        svg.close("g")
        for k in [1, 2] {
            svg.element(
                "circle",
                [
                    ("cx", px(c[k].0)), ("cy", px(c[k].1)), ("r", "4"),
                    ("fill", "white"), ("stroke", color), ("stroke-width", "1.5"),
                ])
        }
    }

    package static func coordinate(_ v: Double) -> String { NumberFormat.compact(3).string(v) }

    /// `rgb(R, G, B)` with 0–255 channels, clamped (SVG 1.1 has no color(srgb ...)).
    package static func rgb(_ c: Color) -> String {
        let byte = { (v: Double) in String(Int((min(max(v, 0), 1) * 255).rounded())) }
        return "rgb(\(byte(c.red)), \(byte(c.green)), \(byte(c.blue)))"
    }

    /// SVG path data for a path in data units, mapped to pixels.
    package static func pathData(_ path: Path, _ sx: (Double) -> Double, _ sy: (Double) -> Double) -> String {
        var d = ""
        func pt(_ p: Point) -> String { "\(SVGWriter.px(sx(p.x))) \(SVGWriter.px(sy(p.y)))" }
        for element in path.elements {
            switch element {
            case .move(let p): d += "M" + pt(p)
            case .line(let p): d += "L" + pt(p)
            case .quad(let c, let p): d += "Q" + pt(c) + " " + pt(p)
            case .curve(let c1, let c2, let p): d += "C" + pt(c1) + " " + pt(c2) + " " + pt(p)
            case .close: d += "Z"
            }
        }
        return d
    }

    /// The plot area: the largest that fits, with equal units on both axes when asked.
    private func plotSize() -> (Double, Double) {
        guard equalScale else { return (maxPlotWidth, maxPlotHeight) }
        let unit = min(maxPlotWidth / x.span, maxPlotHeight / y.span)
        return (max(x.span * unit, minPlotWidth), y.span * unit)
    }
}
