import Foundation
import InbetweenEngine
import XCTest

/// Each layer's box and composed opacity as Chromium draws a page of nested layer elements
/// (the CSS export's page, the preview), measured against the engine's `SceneWorld` (issue 28:
/// "each layer's box (its bounds' corners through the composed transform) within 0.01 px of the
/// engine's stage-space geometry, composed opacity within 1e-3").
///
/// The browser measures, the test does not compute: four empty probes are put inside each layer
/// element at the corners of its border box (the layer's bounds), and each probe's
/// `getBoundingClientRect()` is where the browser maps that corner through every transform
/// above it, perspective included (a box of no size is a point). The composed opacity is the
/// product of the computed `opacity` of the element and every element around it.
enum LayerBoxes {
    /// Geometry in CSS pixels, 1 point = 1 px: the bound. Chromium maps points in single
    /// precision (about 4e-5 px at 600 px) and lays boxes out in 1/64 px, under it.
    static let pixelTolerance = 0.01
    /// Composed opacity: the bound.
    static let opacityTolerance = 1e-3

    /// What the page reports for one element at one time.
    struct Row {
        var time: Double
        var name: String
        /// The border box's corners in the page, clockwise from the top-left one (bounds.origin),
        /// as `WorldLayer.corners` lists them.
        var corners: [Point]
        /// The product of the computed opacity of the element and its ancestors.
        var opacity: Double
        /// The computed `visibility`.
        var visibility: String
        /// The alpha of its computed background colour (where a layer that passes its opacity
        /// down instead of fading a group shows it).
        var backgroundAlpha: Double
    }

    /// A JavaScript expression that returns one row per `[data-layer]` element (not a `<path>`)
    /// per time, after evaluating `seek` with `t` (seconds) set to each time.
    static func measure(times: [Double], seek: String) -> String {
        let list = String(decoding: try! JSONSerialization.data(withJSONObject: times), as: UTF8.self)
        return """
            (function () {
              const times = \(list);
              const els = Array.from(document.querySelectorAll('[data-layer]')).filter(e => e.tagName !== 'path');
              // Four probes per element at the corners of its border box: a probe's containing
              // block is the padding box, so the border widths are stepped over.
              const probes = els.map(el => {
                const cs = getComputedStyle(el);
                const b = ['Left', 'Top', 'Right', 'Bottom'].map(s => parseFloat(cs['border' + s + 'Width']) || 0);
                return [[0, 0, -b[0], -b[1]], [1, 0, b[2], -b[1]], [1, 1, b[2], b[3]], [0, 1, -b[0], b[3]]].map(c => {
                  const p = document.createElement('div');
                  p.style.cssText = 'position: absolute; margin: 0; padding: 0; border: 0; width: 0; height: 0; ' +
                    'transform: none; animation: none; left: calc(' + (c[0] * 100) + '% + ' + c[2] + 'px); ' +
                    'top: calc(' + (c[1] * 100) + '% + ' + c[3] + 'px)';
                  el.appendChild(p);
                  return p;
                });
              });
              const rows = [];
              for (const t of times) {
                (\(seek))(t);
                els.forEach((el, i) => {
                  let opacity = 1;
                  for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
                    opacity *= parseFloat(getComputedStyle(e).opacity);
                  }
                  const cs = getComputedStyle(el);
                  const bg = (cs.backgroundColor.match(/-?[0-9.]+(e[-+]?[0-9]+)?/gi) || []).map(Number);
                  const corners = probes[i].map(p => { const r = p.getBoundingClientRect(); return [r.left, r.top]; });
                  // An element with no box (display: none, itself or above) shows nothing either.
                  const shown = el.getClientRects().length === 0 ? 'hidden' : cs.visibility;
                  rows.push([t, el.getAttribute('data-layer'), corners, opacity, shown, bg.length > 3 ? bg[3] : 1]);
                });
              }
              return rows;
            })()
            """
    }

    /// The rows of `measure`'s result.
    static func rows(_ result: Any?) -> [Row] {
        ((result as? [[Any]]) ?? []).compactMap { r in
            guard r.count == 6, let t = (r[0] as? NSNumber)?.doubleValue, let name = r[1] as? String,
                let corners = r[2] as? [[NSNumber]], let opacity = (r[3] as? NSNumber)?.doubleValue
            else { return nil }
            return Row(
                time: t, name: name,
                corners: corners.map { Point(x: $0[0].doubleValue, y: $0[1].doubleValue) },
                opacity: opacity, visibility: r[4] as? String ?? "",
                backgroundAlpha: (r[5] as? NSNumber)?.doubleValue ?? 1)
        }
    }

    /// What the engine draws of one entry (`SceneWorld`'s), as the measurement compares it.
    struct Expected {
        /// From its bounds coordinates to the stage (`WorldLayer.matrix`).
        var matrix: Transform3D
        var bounds: Rect
        var opacity: Double
        var drawsItself: Bool
        /// Its opacity multiplies its own colours (allowsGroupOpacity off), whose alpha this is.
        var backgroundAlpha: Double?

        /// The stage points of the bounds' corners, clockwise from bounds.origin (as
        /// `WorldLayer.corners`); nil when one is at or behind the eye (w <= 0).
        var corners: [Point]? {
            let b = bounds
            var out: [Point] = []
            let m = matrix.m
            for (x, y) in [
                (b.origin.x, b.origin.y), (b.origin.x + b.size.width, b.origin.y),
                (b.origin.x + b.size.width, b.origin.y + b.size.height),
                (b.origin.x, b.origin.y + b.size.height),
            ] {
                // Row vectors: (x, y, 0, 1) times the matrix, then divided by w.
                let w = x * m[3] + y * m[7] + m[15]
                guard w > 0 else { return nil }
                out.append(Point(x: (x * m[0] + y * m[4] + m[12]) / w, y: (x * m[1] + y * m[5] + m[13]) / w))
            }
            return out
        }
    }

    /// Every drawn entry of a world by name.
    static func expected(_ world: SceneWorld) -> [String: Expected] {
        var out: [String: Expected] = [:]
        for entry in world.layers {
            var alpha: Double? = nil
            if case .scalar(let group)? = entry.value(forKeyPath: "allowsGroupOpacity"), group == 0,
                case .color(let c)? = entry.value(forKeyPath: "backgroundColor")
            {
                alpha = c.alpha
            }
            out[entry.name] = Expected(
                matrix: entry.matrix, bounds: entry.bounds, opacity: entry.opacity,
                drawsItself: entry.drawsItself,
                backgroundAlpha: alpha)
        }
        return out
    }

    /// Two worlds mixed a fraction u of the way from `a` to `b`, entry by entry as a page that
    /// interpolates linearly between frames shows them (matrix entries, bounds and opacity each
    /// linear); an entry drawn in `a` only stays as it is.
    static func mix(_ a: [String: Expected], _ b: [String: Expected], _ u: Double) -> [String: Expected] {
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * u }
        var out = a
        for (name, e) in a {
            guard let f = b[name] else { continue }
            var m = e
            m.matrix = Transform3D(m: zip(e.matrix.m, f.matrix.m).map(lerp))
            m.bounds = Rect(
                x: lerp(e.bounds.origin.x, f.bounds.origin.x), y: lerp(e.bounds.origin.y, f.bounds.origin.y),
                width: lerp(e.bounds.size.width, f.bounds.size.width),
                height: lerp(e.bounds.size.height, f.bounds.size.height))
            m.opacity = lerp(e.opacity, f.opacity)
            out[name] = m
        }
        return out
    }

    /// Checks one row against what the engine draws at its time, `candidates[0]`. At a jump
    /// (a repeat's iteration starting, an animation removed) the page and the engine may each
    /// land on either side: the seek time and the delays are rounded to doubles apart
    /// (1.0833333333333333 - 0.08333333333333333 is 1 in one and 0.99999999999999989 in the
    /// other). What is drawn just before and after (`candidates[1...]`) is then accepted too.
    /// Returns the largest corner distance and opacity difference found.
    @discardableResult
    static func check(_ row: Row, _ candidates: [[String: Expected]], _ place: String) -> (
        corner: Double, opacity: Double
    ) {
        var first: [String] = []
        for (k, drawn) in candidates.enumerated() {
            let (failures, worst) = compare(row, drawn, place)
            if failures.isEmpty { return worst }
            if k == 0 { first = failures }
        }
        for failure in first { XCTFail(failure) }
        return (.infinity, .infinity)
    }

    /// The differences beyond the tolerances between a row and what is drawn, and the largest.
    static func compare(_ row: Row, _ drawn: [String: Expected], _ place: String) -> (
        [String], (corner: Double, opacity: Double)
    ) {
        let at = "\(place): \(row.name) at t = \(row.time)"
        var failures: [String] = []
        guard let entry = drawn[row.name] else {
            // Not drawn (hidden, or not made yet): nothing of it may show.
            if row.visibility != "hidden" { failures.append("\(at): drawn, but the engine does not draw it") }
            return (failures, (0, 0))
        }
        // A transform layer has no pixels of its own: a page may leave its element out.
        if !entry.drawsItself && row.visibility == "hidden" { return (failures, (0, 0)) }
        if row.visibility != "visible" { failures.append("\(at): not shown, but the engine draws it") }
        var worst = (corner: 0.0, opacity: 0.0)
        // nil: a corner at or behind the eye, where Core Animation draws nothing to measure.
        if let corners = entry.corners {
            for (got, expected) in zip(row.corners, corners) {
                let d = max(abs(got.x - expected.x), abs(got.y - expected.y))
                worst.corner = max(worst.corner, d)
                if !(d <= pixelTolerance) {
                    failures.append(
                        "\(at): corner (\(got.x), \(got.y)), engine (\(expected.x), \(expected.y)): \(d) px > 0.01"
                    )
                }
            }
        }
        guard entry.drawsItself else { return (failures, worst) }  // a transform layer: no pixels of its own
        var measured = row.opacity
        if let alpha = entry.backgroundAlpha {
            // Its opacity multiplies its own colours instead: read it off the background.
            guard alpha > 0 else { return (failures, worst) }
            measured *= row.backgroundAlpha / alpha
        }
        // CALayer.opacity: drawn clamped to 0...1 (the CALayer reference).
        let expected = min(max(entry.opacity, 0), 1)
        worst.opacity = abs(measured - expected)
        if !(worst.opacity <= opacityTolerance) {
            failures.append("\(at): composed opacity \(measured), engine \(expected): off by more than 1e-3")
        }
        return (failures, worst)
    }
}
