import Foundation
import InbetweenEngine

/// One layer as a frame's picture shows it, in the order the picture is drawn: its values, its
/// map from its own coordinates to the stage, the clips its ancestors put on it and the opacity
/// groups it is composited in. A flat scene's layer has no clips and no groups, and its map is
/// its own geometry in the stage (`LayerSnapshot.plane`); a layer of a tree gets all of it from
/// the scene's composed geometry (`SceneWorld`).
struct DrawnLayer: Hashable, Sendable {
    /// Its values; `opacity` is what its own drawing is faded by inside its innermost group
    /// (the product of the opacities of the ancestors that do not group, and its own).
    var layer: LayerSnapshot
    /// From the layer's coordinates (origin at its bounds' top-left corner) to the stage's.
    var plane: Projection
    /// The bounds of every ancestor with `masksToBounds`, outermost first.
    var clips: [LayerClip] = []
    /// The groups it is composited in, outermost first.
    var groups: [OpacityGroup] = []

    init(layer: LayerSnapshot, plane: Projection? = nil, clips: [LayerClip] = [], groups: [OpacityGroup] = [])
    {
        self.layer = layer
        self.plane = plane ?? layer.plane
        self.clips = clips
        self.groups = groups
    }
}

/// An ancestor's bounds clipping its sublayers (CALayer's `masksToBounds`: "sublayers are
/// clipped to the layer's bounds", rounded by `cornerRadius`, which the CALayer reference says
/// masksToBounds makes apply to the contents too).
struct LayerClip: Hashable, Sendable {
    /// The bounds' size (the clip covers (0, 0) to (width, height) in the ancestor's own
    /// coordinates).
    var size: Size
    var cornerRadius: Double
    /// From the ancestor's coordinates to the stage's.
    var plane: Projection

    /// The rounded rectangle (0, 0)–(width, height) as a polygon, clockwise from the top
    /// edge, each corner's quarter circle as `chords` straight pieces: what a clip under
    /// perspective is cut to, point by point. 16 chords of a quarter turn stray from the arc by
    /// r·(1 − cos(π/64)) ≈ 0.0012·r, a hundredth of a pixel for r under 8 px.
    static func outline(width w: Double, height h: Double, radius r: Double, chords: Int = 16) -> [Point] {
        guard r > 0 else { return [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)] }
        // Corner centres and the angle each arc starts at (y down: −π/2 is up).
        let corners = [
            (w - r, r, -Double.pi / 2), (w - r, h - r, 0.0), (r, h - r, Double.pi / 2), (r, r, Double.pi),
        ]
        var points: [Point] = []
        for (cx, cy, start) in corners {
            for k in 0...chords {
                let a = start + Double(k) / Double(chords) * Double.pi / 2
                points.append(Point(cx + r * cos(a), cy + r * sin(a)))
            }
        }
        return points
    }
}

/// A subtree composited on its own and then faded, as Core Animation does for a layer whose
/// `allowsGroupOpacity` is true ("the layer's sublayers are composited as a group": where two
/// sublayers overlap, the one behind does not show through the one in front).
struct OpacityGroup: Hashable, Sendable {
    /// The name of the layer that makes it (`NAME[i]` for a replicator's instance); members
    /// of one group come one after another in the drawing order.
    var name: String
    var opacity: Double
}
