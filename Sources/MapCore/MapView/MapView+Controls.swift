import MapGeometry
import ViewKit

/// What the map's controls need from it: to paint over whatever the app
/// added, and where the app's own overlays are so they can stay clear of them.
extension MapView {
    /// The controls paint (and take presses) above an app's overlays, which
    /// it may add to the map after the controls.
    func keepControlsOnTop() {
        bringSubviewToFront(controls)
    }

    /// The frames of the views an app floats over the map (a toolbar), in
    /// the map's coordinates: every visible subview but the map's own layers
    /// and `excluded`. Views pinned to a world point move with the map and
    /// are left out.
    func overlayFrames(excluding excluded: View) -> [Rect] {
        subviews.compactMap { v in
            guard v !== excluded, v !== annotationContainer, v !== calloutContainer, v !== groundView,
                !(v is OverlayLayerView), !(v is StreetLayerView), !(v is StreetLabelView), !v.isHidden,
                v.worldAnchor == nil
            else { return nil }
            return v.frame
        }
    }
}
