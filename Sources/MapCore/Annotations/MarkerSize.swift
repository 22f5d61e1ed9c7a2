/// How big a marker's balloon is drawn, as simplestyle's `marker-size`.
///
/// The balloon is scaled about its tip, so the tip stays on the coordinate
/// and the title under it stays where it is; a selected marker grows from
/// whatever size it has.
public enum MarkerSize: String, Sendable, CaseIterable {
    /// Three quarters of the usual balloon.
    case small
    /// The usual balloon, 30 by 40 points.
    case medium
    /// About a third bigger than the usual balloon.
    case large

    /// The balloon's scale at rest for this size.
    public var scale: Double {
        switch self {
        case .small: 0.75
        case .medium: 1
        case .large: 1.3
        }
    }
}
