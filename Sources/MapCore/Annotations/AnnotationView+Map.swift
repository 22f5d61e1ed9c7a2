import ViewKit

extension AnnotationView {
    /// The map this view is on, found up the superview chain.
    public var mapView: MapView? {
        var v = superview
        while let current = v {
            if let map = current as? MapView { return map }
            v = current.superview
        }
        return nil
    }

    /// Selects this view's annotation on its map (keyboard or screen reader
    /// activation); a disabled view or one off any map declines.
    func activateForSelection() -> Bool {
        guard isEnabled, let annotation, let map = mapView else { return false }
        if let cluster = annotation as? ClusterAnnotation {
            map.showMembers(of: cluster, animated: true)
            return true
        }
        map.selectAnnotation(annotation, animated: true)
        return true
    }
}
