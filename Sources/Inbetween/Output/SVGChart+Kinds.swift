/// The three kinds of chart Inbetween draws, on the one `SVGChart` model.
extension SVGChart {
    /// One easing curve: its name, its samples (x in [0, 1]) and, for a cubic Bézier, its four
    /// control points.
    package struct Curve {
        package var name: String
        package var points: [(x: Double, y: Double)]
        package var controlPoints: [(x: Double, y: Double)] = []

        package init(
            name: String, points: [(x: Double, y: Double)], controlPoints: [(x: Double, y: Double)] = []
        ) {
            self.name = name
            self.points = points
            self.controlPoints = controlPoints
        }
    }

    /// Easing curves in the unit square (shown dashed), overlaid; the y axis grows by quarters
    /// to take in overshoot and control points outside [0, 1].
    package static func easing(_ curves: [Curve], title: String? = nil) -> SVGChart {
        let ys = curves.flatMap { $0.points.map(\.y) + $0.controlPoints.map(\.y) }
        return SVGChart(
            title: title ?? (curves.count == 1 ? curves[0].name : "\(curves.count) easings"),
            x: .progress(label: "input progress", covering: [0, 1]),
            y: .progress(label: "output progress", covering: ys),
            series: curves.map { Series(name: $0.name, points: $0.points, controlPoints: $0.controlPoints) },
            equalScale: true,
            frame: ((0, 0), (1, 1)),
            maxPlotWidth: 400, maxPlotHeight: 720, minPlotWidth: 320)
    }

    /// Values over time: x is time in seconds (over `timeRange` when given, so that stacked
    /// charts share one time axis), y any range; several series overlaid.
    package static func lines(
        series: [Series], title: String, xLabel: String = "time (s)", yLabel: String,
        timeRange: (Double, Double)? = nil
    ) -> SVGChart {
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.map(\.y) }
        return SVGChart(
            title: title,
            x: .nice(label: xLabel, from: timeRange?.0 ?? xs.min() ?? 0, to: timeRange?.1 ?? xs.max() ?? 1),
            y: .nice(label: yLabel, from: ys.min() ?? 0, to: ys.max() ?? 1),
            series: series)
    }

    package static func lines(
        series: [(name: String, points: [(x: Double, y: Double)])], title: String,
        xLabel: String = "time (s)", yLabel: String
    ) -> SVGChart {
        lines(
            series: series.map { Series(name: $0.name, points: $0.points) }, title: title, xLabel: xLabel,
            yLabel: yLabel)
    }

    /// The smallest motion panel: a straight drop (example 05) would otherwise be a sliver as
    /// wide as its tick labels. Equal units are kept by showing more of the narrow axis.
    package static let minimumMotionSide = 320.0
    package static let motionSide = 560.0

    /// 2D motion paths with a dot per frame, in Core Animation's layer coordinates (origin top
    /// left, y down), with equal units on both axes so that a circle looks round. Lines break
    /// at each series' `breaks`.
    package static func motionPath(_ paths: [Series], title: String) -> SVGChart {
        let points = paths.flatMap(\.points)
        return equalUnits(
            title: title, xs: points.map(\.x), ys: points.map(\.y),
            series: paths.map {
                var s = $0
                s.dots = true
                return s
            })
    }

    package static func motionPath(_ paths: [(name: String, points: [(x: Double, y: Double)])], title: String)
        -> SVGChart
    {
        motionPath(paths.map { Series(name: $0.name, points: $0.points) }, title: title)
    }

    /// Outlines (path-valued tracks at several times) in the layer's y-down space.
    package static func outlines(_ shapes: [Series], title: String) -> SVGChart {
        let points = shapes.flatMap { $0.outline?.points ?? [] }
        return equalUnits(title: title, xs: points.map(\.x), ys: points.map(\.y), series: shapes)
    }

    /// A y-down chart with equal units, each side at least `minimumMotionSide` pixels: the
    /// narrow axis's range is widened about its middle until it is.
    private static func equalUnits(title: String, xs: [Double], ys: [Double], series: [Series]) -> SVGChart {
        var x = ChartAxis.nice(label: "x (points)", from: xs.min() ?? 0, to: xs.max() ?? 1)
        var y = ChartAxis.nice(label: "y (points, down)", from: ys.min() ?? 0, to: ys.max() ?? 1)
        let unit = min(motionSide / x.span, motionSide / y.span)
        if x.span * unit < minimumMotionSide {
            let half = minimumMotionSide / unit / 2
            let mid = (x.lower + x.upper) / 2
            x = .nice(label: x.label, from: mid - half, to: mid + half)
        }
        if y.span * unit < minimumMotionSide {
            let half = minimumMotionSide / unit / 2
            let mid = (y.lower + y.upper) / 2
            y = .nice(label: y.label, from: mid - half, to: mid + half)
        }
        return SVGChart(
            title: title, x: x, y: y, series: series, yDown: true, equalScale: true,
            maxPlotWidth: motionSide, maxPlotHeight: motionSide)
    }
}
