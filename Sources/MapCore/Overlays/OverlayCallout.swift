import DisplayList
import MapGeometry
import ViewKit

/// An overlay that opens the standard callout where it is tapped, with its
/// title and subtitle: the shared world's lines and areas, so a zone or a
/// route added through the HTTP API explains itself without app code.
package protocol CalloutOverlay: Overlay {}

/// Where a tap on a `CalloutOverlay` opened its callout: an annotation the
/// map adds for as long as the callout is open, and takes away after.
final class OverlayCalloutPoint: Annotation {
    let coordinate: Coordinate
    /// What was tapped; the callout's texts follow it.
    let overlay: Overlay

    init(coordinate: Coordinate, overlay: Overlay) {
        self.coordinate = coordinate
        self.overlay = overlay
    }

    var title: String? { overlay.title }
    var subtitle: String? { overlay.subtitle }
}

/// The view a callout of an overlay points at: a point, drawing nothing,
/// which a tap passes through to the overlay again.
final class OverlayCalloutAnchorView: AnnotationView {
    required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        frame = Rect(x: 0, y: 0, width: 1, height: 1)
        canShowCallout = true
        isUserInteractionEnabled = false
    }
}

extension MapView {
    /// Opens the standard callout of `overlay` at `location` (map points),
    /// when it opens one and has a title; closes any other first.
    func openCallout(of overlay: Overlay, at location: Point) {
        guard overlay is CalloutOverlay, let title = overlay.title, !title.isEmpty else { return }
        let point = OverlayCalloutPoint(coordinate: convert(location), overlay: overlay)
        addAnnotation(point)
        selectAnnotation(point, animated: true)
    }

    /// Takes away the point a closed overlay callout pointed at.
    func forgetOverlayCallout(_ annotation: Annotation) {
        guard annotation is OverlayCalloutPoint else { return }
        removeAnnotation(annotation)
    }
}
