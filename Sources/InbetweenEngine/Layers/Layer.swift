/// A CALayer reduced to what animation needs: model values, animations by key, and the
/// presentation values they produce at a time.
///
/// A value type: a `Scene` holds its layers by name and the host mutates them through the
/// scene (`Scene.modifyLayer(named:_:)`), so every change is visible to the scene's event queue.
///
/// Time: every `at` parameter is the layer's local time in seconds, which is scene time unless
/// the layer or one above it has a timing of its own (`timing`, `Scene.clock(ofLayer:)`; the
/// `Scene` methods convert). An animation's `beginTime` counts from the moment it was added
/// (see `LayerAnimationEntry` for why), and its parent time at local time `t` is `t - addedAt`.
public struct Layer: Sendable {
    public let name: String
    /// CALayer, CATransformLayer or CAReplicatorLayer (fixed when the layer is made).
    public let kind: LayerKind
    /// Where the layer sits in the scene's tree (see `Scene+Tree`); set by the scene.
    public internal(set) var superlayer: Superlayer = .stage {
        didSet { revision &+= 1 }
    }
    /// Its sublayers, as indices into `Scene.layers`, back to front in list order (CALayer's
    /// `sublayers`; zPosition reorders them when drawn).
    public internal(set) var sublayers: [Int] = [] {
        didSet { revision &+= 1 }
    }
    /// The model layer's values: what the layer shows when no animation is in effect.
    package internal(set) var modelValues: PropertyValues {
        didSet { revision &+= 1 }
    }
    /// In the order added; later ones apply on top of earlier ones, as in CA's render tree.
    var entries: [LayerAnimationEntry] = [] {
        didSet { revision &+= 1 }
    }
    /// Changes whenever the model values or the animations change (an event's bookkeeping on
    /// an entry counts too), so that what `TrackColumns` worked out for a layer is reused for
    /// as long as it holds, and no longer.
    public private(set) var revision = 0
    /// Stop (and owed start) events of animations already removed or replaced.
    var retiredEvents: [PendingEvent] = []
    /// Serial of the next add; also numbers generated keys.
    var nextSerial = 0
    /// The layer as a CAMediaTiming object: its local time, which its animations run in, derives
    /// from its superlayer's by these (the stage's time is scene time); see `LayerClock`. Set
    /// through `Scene.setTiming(_:ofLayer:)`, which reschedules the events it moves.
    public internal(set) var timing: MediaTiming {
        get { ownTiming?.value ?? MediaTiming() }
        set {
            ownTiming = newValue.isDefault ? nil : TimingBox(newValue)
            revision &+= 1
        }
    }
    /// A timing other than the default, out of line: most layers have none, and 64 bytes more
    /// in every layer would be copied with it (a scene of 10,000 layers holds several copies).
    private var ownTiming: TimingBox?
    /// `contents` (Layer+Contents), out of line for the same reason.
    var ownContents: ContentsBox?
    private final class TimingBox: Sendable {
        let value: MediaTiming
        init(_ value: MediaTiming) { self.value = value }
    }

    /// A layer with Core Animation's default values, overridden by `values` (property name ->
    /// value of that property's kind).
    public init(name: String, kind: LayerKind = .layer, values: [String: Value] = [:]) throws {
        guard !name.isEmpty else {
            throw EngineError(parameter: "name", value: name, rule: "must not be empty")
        }
        // The writers put U+0001 around `inf`/`nan` where a number overflowed, and every sink
        // refuses an output holding that mark (NonFiniteOutput); CSV and the CSS page copy a
        // name as it is, so `"a\1inf\1"` read as an overflow there (issue 31).
        guard !name.unicodeScalars.contains("\u{1}") else {
            throw EngineError(
                parameter: "name", value: name.replacingOccurrences(of: "\u{1}", with: "\\1"),
                rule: "must not hold the control character U+0001 (outputs mark overflowed numbers with it)")
        }
        self.name = name
        self.kind = kind
        // Empty: PropertyValues reads a property never set as its Core Animation default, and
        // a small dictionary keeps the per-frame presentation copy cheap.
        self.modelValues = PropertyValues()
        for (keyPath, value) in values.sorted(by: { $0.key < $1.key }) {
            try setModelValue(value, forKeyPath: keyPath)
        }
    }

    /// The model value at a key path (`position`, `position.x`, `transform.scale`...).
    public func value(forKeyPath keyPath: String) throws -> Value {
        try LayerProperties.validate(keyPath: keyPath, in: modelValues)
        return modelValues[keyPath]!
    }

    /// Changes the model value at once, with no animation and no events.
    public mutating func setModelValue(_ value: Value, forKeyPath keyPath: String) throws {
        try LayerProperties.validate(keyPath: keyPath, in: modelValues)
        let current = modelValues[keyPath]!
        guard LayerProperties.kindName(current) == LayerProperties.kindName(value) else {
            throw EngineError(
                parameter: keyPath, value: LayerProperties.kindName(value),
                rule: "expects a \(LayerProperties.kindName(current))")
        }
        try LayerStyles.validate(value, for: keyPath)
        try modelValues.set(value, forKeyPath: keyPath)
        // The model layer keeps a matrix, not the part it was given (PropertyValues.animatedParts).
        modelValues.forgetAnimatedParts()
    }

    // MARK: Animations by key

    /// `addAnimation:forKey:` at local time `time`. A nil key gets a generated one that no
    /// other animation on this layer uses; an existing key's animation is replaced, and it
    /// stops with `finished == false` at `time`, as in Core Animation. Returns the key used.
    /// `completionToken` ties the animation to a transaction (its completion waits for it).
    @discardableResult
    public mutating func add(
        _ animation: Animation, forKey key: String?, at time: Double, completionToken: Int? = nil
    ) throws -> String {
        try EngineError.requireFinite(time, "time")
        for keyPath in animation.keyPaths {
            try LayerProperties.validate(keyPath: keyPath, in: modelValues)
            if LayerStyles.notAnimatable.contains(LayerProperties.root(of: keyPath)) {
                throw EngineError(
                    parameter: "keyPath", value: keyPath,
                    rule: "is not animatable in Core Animation: set it instead")
            }
        }
        let serial = nextSerial
        let entry = try LayerAnimationEntry(
            key: key ?? generatedKey(serial), animation: animation, addedAt: time,
            serial: serial, completionToken: completionToken)
        nextSerial += 1
        retire(key: entry.key, at: time)
        entries.append(entry)
        return entry.key
    }

    /// `removeAnimationForKey:`: it stops with `finished == false` (or `true` when its end
    /// already passed). No effect when no animation has that key.
    public mutating func removeAnimation(forKey key: String, at time: Double) throws {
        try EngineError.requireFinite(time, "time")
        retire(key: key, at: time)
    }

    /// `removeAllAnimations`: each stops as in `removeAnimation(forKey:at:)`, in the order
    /// they were added.
    public mutating func removeAllAnimations(at time: Double) throws {
        try EngineError.requireFinite(time, "time")
        for entry in entries { retiredEvents += entry.eventsOnRemoval(at: time, layer: name) }
        entries.removeAll()
    }

    /// `animationForKey:`.
    public func animation(forKey key: String) -> Animation? {
        entries.first { $0.key == key }?.animation
    }

    /// `animationKeys`, in the order the animations were added.
    public var animationKeys: [String] { entries.map(\.key) }

    /// How many animations the layer holds (what a copy of it costs grows with it).
    package var animationCount: Int { entries.count }

    // MARK: Presentation

    /// The presentation layer's values at local time `time`: the model values, then every
    /// animation in effect applied in the order added.
    package func presentationValues(at time: Double) throws -> PropertyValues {
        try presentationValues(at: time, listedAt: time)
    }

    /// The values a replicator's copy shows: the animations in the layer's list at local time
    /// `listed` (added by then and not yet removed), each evaluated at the copy's own local
    /// time `time` (earlier by the copies' instanceDelay). An animation is in the layer's list
    /// from its add to its removal, and a copy only reads it at another time
    /// (CAReplicatorLayer.instanceDelay: "the delay, in seconds, between replicated copies";
    /// Apple's example there offsets "the time of the animation" per copy): before the add, a
    /// copy whose time is earlier than the animation's start shows what its fillMode says
    /// (CAMediaTimingFillMode.backwards: "clamps values before zero to zero"), and when the
    /// animation is removed it leaves every copy at once.
    package func presentationValues(at time: Double, listedAt listed: Double) throws -> PropertyValues {
        var values = modelValues
        // By index, not `for entry in entries`: the loop variable was a copy of the entry
        // (its animation's strings and arrays retained and released) on every frame.
        for i in entries.indices where entries[i].isInEffect(at: listed) {
            try entries[i].animation.apply(to: &values, atParentTime: time - entries[i].addedAt)
        }
        return values
    }

    /// How to compute the presentation value at `accessor`'s key path alone, when every
    /// animation touching its root property animates exactly that key path and nothing else (no
    /// group, no second key path) and the root has a model value; nil otherwise. See `TrackPlan`.
    func soleTrackPlan(for accessor: KeyPathAccessor, sharing: inout TrackPlanSharing) -> TrackPlan? {
        guard let root = modelValues.values[accessor.root] ?? PropertyValues.defaultsByKeyPath[accessor.root]
        else { return nil }
        var steps: [TrackPlan.Step] = []
        for entry in entries {
            let keyPaths = entry.animation.keyPaths
            // The common case first: one key path, this one (no string split for it).
            if keyPaths.count == 1 && keyPaths[0] == accessor.keyPath,
                let step = TrackPlan.Step(entry, sharing: &sharing)
            {
                steps.append(step)
                continue
            }
            if keyPaths.contains(where: { accessor.hasRoot(of: $0) }) { return nil }
        }
        return sharing.plan(TrackPlan(root: sharing.root(root), steps: steps, accessor: accessor))
    }

    /// One presentation value (validates the key path).
    public func presentationValue(forKeyPath keyPath: String, at time: Double) throws -> Value {
        try LayerProperties.validate(keyPath: keyPath, in: modelValues)
        guard let value = try presentationValues(at: time)[keyPath] else {
            throw EngineError(parameter: "keyPath", value: keyPath, rule: "has no value")
        }
        return value
    }

    // MARK: Helpers

    private mutating func retire(key: String, at time: Double) {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return }
        retiredEvents += entries[index].eventsOnRemoval(at: time, layer: name)
        entries.remove(at: index)
    }

    /// `animation-<n>`, skipping any n a script already used as a key of its own.
    private func generatedKey(_ serial: Int) -> String {
        var n = serial
        while entries.contains(where: { $0.key == "animation-\(n)" }) { n += 1 }
        return "animation-\(n)"
    }
}
