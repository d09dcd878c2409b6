/// The three kinds of chart Inbetween draws, on the one `SVGChart` model.
extension SVGChart {
    /// One easing curve: its name, its samples (x in [0, 1]) and, for a cubic Bézier, its four
    /// control points.
    struct Curve {
        var name: String
        var points: [(x: Double, y: Double)]
        var controlPoints: [(x: Double, y: Double)] = []
    }

    /// Easing curves in the unit square (shown dashed), overlaid; the y axis grows by quarters
    /// to take in overshoot and control points outside [0, 1].
    static func easing(_ curves: [Curve], title: String? = nil) -> SVGChart {
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

    /// Values over time: x is time in seconds, y any range; several series overlaid.
    static func lines(
        series: [(name: String, points: [(x: Double, y: Double)])], title: String,
        xLabel: String = "time (s)", yLabel: String
    ) -> SVGChart {
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.map(\.y) }
        return SVGChart(
            title: title,
            x: .nice(label: xLabel, from: xs.min() ?? 0, to: xs.max() ?? 1),
            y: .nice(label: yLabel, from: ys.min() ?? 0, to: ys.max() ?? 1),
            series: series.map { Series(name: $0.name, points: $0.points) })
    }

    /// 2D motion paths with a dot per frame, in Core Animation's layer coordinates (origin top
    /// left, y down), with equal units on both axes so that a circle looks round.
    static func motionPath(_ paths: [(name: String, points: [(x: Double, y: Double)])], title: String)
        -> SVGChart
    {
        let xs = paths.flatMap { $0.points.map(\.x) }
        let ys = paths.flatMap { $0.points.map(\.y) }
        return SVGChart(
            title: title,
            x: .nice(label: "x (points)", from: xs.min() ?? 0, to: xs.max() ?? 1),
            y: .nice(label: "y (points, down)", from: ys.min() ?? 0, to: ys.max() ?? 1),
            series: paths.map { Series(name: $0.name, points: $0.points, dots: true) },
            yDown: true,
            equalScale: true,
            maxPlotWidth: 560, maxPlotHeight: 560)
    }
}
