/// `fillMode`: whether an animation holds its value before its begin and after its end
/// (CAMediaTimingFillMode: removed, forwards, backwards, both; Core Animation's default is
/// `removed`).
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both

    /// Holds the first frame while the parent time is before `beginTime`.
    public var fillsBackwards: Bool { self == .backwards || self == .both }
    /// Holds the last frame once the active duration has ended.
    public var fillsForwards: Bool { self == .forwards || self == .both }
}
