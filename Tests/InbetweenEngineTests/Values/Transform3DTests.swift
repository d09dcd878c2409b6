import Foundation
import XCTest

@testable import InbetweenEngine

/// translatedBy, scaledBy and rotatedBy are Core Animation's CATransform3DTranslate, Scale and
/// Rotate. Apple's CATransform3D.h states each as `t' = translate(tx, ty, tz) * t`,
/// `t' = scale(sx, sy, sz) * t`, `t' = rotation(angle, x, y, z) * t`: the new operation is
/// multiplied on the left. In Core Animation's row-vector convention (p' = p · M) the left
/// factor acts first, so the operation happens in the layer's own coordinates, before the
/// transform it is added to: a translation added to a scale is itself scaled. Transform3D
/// implements each as `op.concatenating(self)` = op · self, which the values below check
/// against hand-multiplied matrices; each case's product in the other order differs (noted),
/// so an implementation that multiplied on the right fails.
final class Transform3DTests: XCTestCase {
    /// Rows of a 4x4 matrix, top to bottom.
    private func matrix(_ rows: [[Double]]) -> Transform3D { Transform3D(m: rows.flatMap { $0 }) }

    func testOperationsApplyBeforeTheTransform() {
        let cases: [(name: String, result: Transform3D, expected: Transform3D)] = [
            // translation(5, 7) · scale(2, 3): the fourth row is (5, 7, 0, 1) · S = (10, 21, 0, 1).
            // (Multiplied the other way it would stay (5, 7, 0, 1).)
            (
                "scale(2, 3).translatedBy(5, 7)",
                Transform3D.scale(x: 2, y: 3).translatedBy(x: 5, y: 7),
                matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 1, 0], [10, 21, 0, 1]])
            ),
            // A z translation through a z scale of 4: (0, 0, 2, 1) · S = (0, 0, 8, 1).
            (
                "scale(1, 1, 4).translatedBy(z: 2)",
                Transform3D.scale(x: 1, y: 1, z: 4).translatedBy(x: 0, y: 0, z: 2),
                matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 4, 0], [0, 0, 8, 1]])
            ),
            // scale(2, 3) · translation(5, 7): the translation row is untouched (5, 7, 0, 1);
            // the point (1, 1) goes to (2, 3), then (7, 10). (The other way: (10, 21, 0, 1).)
            (
                "translation(5, 7).scaledBy(2, 3)",
                Transform3D.translation(x: 5, y: 7).scaledBy(x: 2, y: 3),
                matrix([[2, 0, 0, 0], [0, 3, 0, 0], [0, 0, 1, 0], [5, 7, 0, 1]])
            ),
            // rotation(pi/2 about z) has rows (0, 1, 0), (-1, 0, 0), (0, 0, 1): x goes to y,
            // counter-clockwise in a y-up space (cos = 0, sin = 1 in the Rodrigues entries).
            // Times translation(10, 0): the translation row stays (10, 0, 0, 1); the point
            // (1, 0) turns to (0, 1), then moves to (10, 1). (The other way: (0, 10, 0, 1).)
            (
                "translation(10, 0).rotatedBy(pi/2)",
                Transform3D.translation(x: 10, y: 0).rotatedBy(angle: .pi / 2),
                matrix([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [10, 0, 0, 1]])
            ),
            // Half a turn about x is diag(1, -1, -1) (cos = -1, sin = 0), times diag(2, 3, 4).
            (
                "scale(2, 3, 4).rotatedBy(pi, about x)",
                Transform3D.scale(x: 2, y: 3, z: 4).rotatedBy(angle: .pi, x: 1, y: 0, z: 0),
                matrix([[2, 0, 0, 0], [0, -3, 0, 0], [0, 0, -4, 0], [0, 0, 0, 1]])
            ),
            // A zero axis makes no rotation: the transform is returned as it was.
            (
                "translation(1, 2).rotatedBy(1, zero axis)",
                Transform3D.translation(x: 1, y: 2).rotatedBy(angle: 1, x: 0, y: 0, z: 0),
                Transform3D.translation(x: 1, y: 2)
            ),
        ]
        for c in cases {
            for i in 0..<16 {
                // 1e-12: cos(pi/2) and sin(pi) are 6.1e-17 and 1.2e-16 in doubles, not 0.
                XCTAssertEqual(c.result.m[i], c.expected.m[i], accuracy: 1e-12, "\(c.name): m[\(i)]")
            }
        }
    }
}
