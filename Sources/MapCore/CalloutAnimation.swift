/// How the standard callout appears and goes (SMCalloutView's
/// `presentAnimation` and `dismissAnimation`), with its timings.
public enum CalloutAnimation: Sendable, Equatable {
    /// Grows from the arrow tip past full size and settles (UIKit's keyframes,
    /// every segment eased in and out); shrinks back into the tip on dismissal.
    case bounce
    /// Fades in or out.
    case fade
    /// Appears or goes at once.
    case none

    /// How long it runs, seconds: a third of a second, as SMCalloutView's.
    public var duration: Double {
        self == .none ? 0 : 1.0 / 3.0
    }
}
