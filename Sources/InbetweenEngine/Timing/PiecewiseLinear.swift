/// CSS `linear(...)`: control points (output, input) after the spec's input-fixing steps.
/// CSS Easing Level 2, https://www.w3.org/TR/css-easing-2/#the-linear-easing-function
public struct PiecewiseLinear: Hashable, Sendable {
    /// One `<linear-stop>`: an output and an optional input (a `<percentage>` as a fraction,
    /// 75% → 0.75). A stop with two percentages is two `Stop`s with the same output.
    public struct Stop: Hashable, Sendable {
        public var output: Double
        public var input: Double?
        public init(output: Double, input: Double? = nil) {
            self.output = output
            self.input = input
        }
    }

    /// The resolved control points: `inputs` non-decreasing, same count as `outputs`.
    public private(set) var inputs: [Double] = []
    public private(set) var outputs: [Double] = []

    /// The spec's "create a linear easing function", in its numbered steps:
    /// 2. largestInput starts at -infinity;
    /// 3. fewer than two stops is a failure;
    /// 4. for each stop, a point with the stop's output, and its input:
    ///    4.3 given: the greater of the given input and largestInput (so a decreasing input is
    ///        raised to the one before it), which becomes the new largestInput;
    ///    4.4 missing on the first stop: 0 (largestInput becomes 0);
    ///    4.5 missing on the last stop: the greater of 1 and largestInput;
    /// 5. runs of points still missing an input get inputs spaced evenly between the nearest
    ///    points before and after that have one.
    public init(_ stops: [Stop]) throws {
        guard stops.count >= 2 else {
            throw EngineError(
                parameter: "linear", value: String(stops.count) + " stops",
                rule: "linear() needs at least two stops")
        }
        var inputs = [Double?]()
        inputs.reserveCapacity(stops.count)
        var largestInput = -Double.infinity
        for (index, stop) in stops.enumerated() {
            try EngineError.requireFinite(stop.output, "linear stop \(index + 1) output")
            if let given = stop.input {
                try EngineError.requireFinite(given, "linear stop \(index + 1) input")
                let input = max(given, largestInput)
                largestInput = input
                inputs.append(input)
            } else if index == 0 {
                largestInput = 0
                inputs.append(0)
            } else if index == stops.count - 1 {
                inputs.append(max(1, largestInput))
            } else {
                inputs.append(nil)
            }
        }
        // Step 5: the first and last inputs are known, so every gap has both neighbours.
        var index = 0
        while index < inputs.count {
            guard inputs[index] == nil else {
                index += 1
                continue
            }
            let before = index - 1
            var after = index
            while inputs[after] == nil { after += 1 }
            let start = inputs[before]!
            let end = inputs[after]!
            for k in index..<after {
                inputs[k] = start + (end - start) * Double(k - before) / Double(after - before)
            }
            index = after
        }
        self.inputs = inputs.map { $0! }
        self.outputs = stops.map(\.output)
    }

    /// The spec's "calculate linear easing output progress":
    /// 2. point A is the last point whose input ≤ x, or the first point if none;
    /// 3. if A is the last point, step back one so that a next point exists;
    /// 4–5. B is the point after A;
    /// 6. equal inputs (a jump): return B's output;
    /// 7–12. otherwise interpolate — or extrapolate, before the first or after the last
    ///       point — along the line through A and B.
    public func evaluate(_ x: Double) -> Double {
        // Binary search for the number of inputs ≤ x (inputs are non-decreasing).
        var low = 0
        var high = inputs.count
        while low < high {
            let mid = (low + high) / 2
            if inputs[mid] <= x { low = mid + 1 } else { high = mid }
        }
        let a = min(max(low - 1, 0), inputs.count - 2)
        let b = a + 1
        if inputs[a] == inputs[b] { return outputs[b] }
        let progress = (x - inputs[a]) / (inputs[b] - inputs[a])
        return clampToFinite(outputs[a] + progress * (outputs[b] - outputs[a]))
    }
}
