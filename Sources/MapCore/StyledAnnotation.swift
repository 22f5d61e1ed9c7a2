import DisplayList

/// An annotation that says how its default marker looks, as a GeoJSON
/// feature does with simplestyle's `marker-color` and `marker-symbol`.
///
/// When the delegate gives no view for it, the map shows a
/// `MarkerAnnotationView` tinted and with the glyph it asks for, whatever
/// `defaultPinImage` says: the style is the annotation's own, so it looks the
/// same in every app. After either changes, tell each map with
/// `annotationStyleDidChange(_:)`.
public protocol StyledAnnotation: Annotation {
    /// The balloon's colour; nil is the marker's default red.
    var markerColor: Color? { get }
    /// A short text (one to three characters) in the balloon's head; nil shows the dot.
    var markerSymbol: String? { get }
}

extension MapView {
    static let styledMarkerIdentifier = "mapwire.default.styled"

    /// The default view for a styled annotation: a marker in its colours.
    func makeStyledMarker(for annotation: StyledAnnotation) -> AnnotationView {
        let view = dequeueReusableAnnotationView(withIdentifier: Self.styledMarkerIdentifier, for: annotation)
        (view as? MarkerAnnotationView)?.applyStyle(of: annotation)
        return view
    }

    /// Re-reads the colour and symbol of a styled annotation for the view
    /// the map made for it, if it shows one; title and subtitle the marker
    /// and an open callout re-read every frame anyway.
    public func annotationStyleDidChange(_ annotation: Annotation) {
        guard let styled = annotation as? StyledAnnotation,
              let view = liveViews[AnnotationKey(annotation)] as? MarkerAnnotationView,
              view.reuseIdentifier == Self.styledMarkerIdentifier else { return }
        view.applyStyle(of: styled)
        // A longer or shorter title changes what the collision pass hides.
        collisionSignature = nil
    }
}

extension MarkerAnnotationView {
    func applyStyle(of annotation: StyledAnnotation) {
        if markerTintColor != annotation.markerColor { markerTintColor = annotation.markerColor }
        if glyphText != annotation.markerSymbol { glyphText = annotation.markerSymbol }
    }
}
