import MapGeometry
import ViewKit

/// What the session that hosts a map hears of it, apart from the app's
/// `MapViewDelegate`: the app owns the delegate, so the session must not
/// take it. Each hook runs on the session's queue, where the change happens.
package struct MapObservation {
    /// An annotation became the selection (before its callout opens).
    package var didSelect: ((Annotation) -> Void)?
    /// The selected annotation was deselected.
    package var didDeselect: ((Annotation) -> Void)?
    /// A control in the callout of an annotation view was tapped (before the delegate hears of it).
    package var calloutControlTapped: ((AnnotationView, Control) -> Void)?
    /// The camera settled after a gesture, an animation or a jump.
    package var cameraDidSettle: ((Camera) -> Void)?
    /// A link on the map (a credit's) asks the page to open this http(s) URL in a new tab.
    package var openURL: ((String) -> Void)?

    package init() {}
}
