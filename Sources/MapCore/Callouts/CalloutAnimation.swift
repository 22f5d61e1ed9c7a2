/// How the standard callout appears and goes (SMCalloutView's
/// `presentAnimation` and `dismissAnimation`), with its timings.
public enum CalloutAnimation: Sendable, Equatable {
    /// Grows from the arrow tip past full size and settles (UIKit's keyframes,
    /// every segment eased in and out); shrinks back into the tip on dismissal.
    case bounce
    /// Fades in or out.
    case fade
    /// Grows out of the arrow tip from nothing to full size at constant speed
    /// in a tenth of a second, or shrinks back into the tip on dismissal
    /// (SMCalloutView's stretch, after the iPad Calendar's popovers).
    case stretch
    /// Appears or goes at once.
    case none

    /// How long it runs, seconds: SMCalloutView's timings, a third of a
    /// second for the bounce and the fade, a tenth for the stretch.
    public var duration: Double {
        switch self {
        case .bounce, .fade: 1.0 / 3.0
        case .stretch: 0.1
        case .none: 0
        }
    }
}
