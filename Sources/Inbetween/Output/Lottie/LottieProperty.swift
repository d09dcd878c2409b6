/// One animatable Lottie property: its value at every sampled frame (frame i is Lottie frame
/// i), the exact segments the scene's structure suggests, and how a value is written.
package struct LottieProperty {
    package enum Kind {
        /// A number: a static `k` is the number, a keyframe's `s` a one-element array.
        case scalar
        /// An array of numbers (position, scale, colour) in both places.
        case vector
        /// One subpath of a shape (see `LottieBezier.components(ofSubpath:)`): a static `k` is
        /// the bezier, a keyframe's `s` a one-element array holding it.
        case bezier(closed: Bool)
    }

    /// Where it sits in its layer, for the export notes (`ks.p`, `background.fill.c`).
    package var name: String
    package var kind: Kind
    package var frames: [[Double]]
    /// The Lottie frame `frames[0]` is at (a layer of a tree written for one stretch of frames
    /// has keyframes for that stretch only: `LottieTree`).
    package var firstFrame = 0
    package var hints: [LottieSegmentHint] = []
    /// Turns a hint's stated values into this property's numbers, where it can.
    package var convert: LottieKeyframes.Converter? = nil

    /// `{"a": 0, "k": value}` when every frame holds the same value, otherwise
    /// `{"a": 1, "k": [keyframes]}`; and the frame ranges written as exact segments.
    package func json(tolerance: Double) -> (json: LottieJSON, exact: [ClosedRange<Double>]) {
        let first = frames[0]
        if frames.allSatisfy({ LottieKeyframes.close($0, first) }) {
            return (.object([("a", .number(0)), ("k", value(first, inKeyframe: false))]), [])
        }
        let result = LottieKeyframes.build(
            frames: frames, hints: hints, tolerance: tolerance, convert: convert)
        let keyframes = result.keyframes.enumerated().map { n, k -> LottieJSON in
            var fields: [(String, LottieJSON)] = [
                ("t", .number(firstFrame == 0 ? k.time : k.time + Double(firstFrame))),
                ("s", value(k.value, inKeyframe: true)),
            ]
            if n < result.keyframes.count - 1 {
                switch k.easing {
                case .hold: fields.append(("h", .number(1)))
                case .linear: fields += LottieProperty.handles(0, 0, 1, 1)
                case .cubic(let b): fields += LottieProperty.handles(b.x1, b.y1, b.x2, b.y2)
                }
            }
            return .object(fields)
        }
        return (.object([("a", .number(1)), ("k", .array(keyframes))]), result.exactRanges)
    }

    private static func handles(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> [(
        String, LottieJSON
    )] {
        [
            ("o", .object([("x", .numbers([x1])), ("y", .numbers([y1]))])),
            ("i", .object([("x", .numbers([x2])), ("y", .numbers([y2]))])),
        ]
    }

    private func value(_ v: [Double], inKeyframe: Bool) -> LottieJSON {
        switch kind {
        case .scalar: return inKeyframe ? .numbers(v) : .number(v[0])
        case .vector: return .numbers(v)
        case .bezier(let closed):
            let bezier = LottieBezier.json(v, closed: closed)
            return inKeyframe ? .array([bezier]) : bezier
        }
    }
}
