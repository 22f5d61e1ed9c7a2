import DisplayList

/// An annotation that says how its default marker looks, as a GeoJSON
/// feature does with simplestyle's `marker-color`, `marker-symbol` and
/// `marker-size`.
///
/// When the delegate gives no view for it, the map shows a
/// `MarkerAnnotationView` tinted and with the glyph it asks for, whatever
/// `defaultPinImage` says: the style is the annotation's own, so it looks the
/// same in every app. After either changes, or its title or subtitle, tell
/// each map with `annotationStyleDidChange(_:)`: the map reads the titles of
/// other annotations' markers every frame, but not of these, which a map of
/// thousands of API pins would otherwise read for nothing each frame of a pan.
public protocol StyledAnnotation: Annotation {
    /// The balloon's colour; nil is the marker's default red.
    var markerColor: Color? { get }
    /// What the balloon's head shows: a `MarkerIcon` name (`cafe`) draws
    /// that icon, another short text (one to three characters) is drawn as
    /// text; nil or a longer name that is not an icon shows the dot.
    var markerSymbol: String? { get }
    /// How big the balloon is drawn; nil is `.medium`. Optional to implement.
    var markerSize: MarkerSize? { get }
}

extension StyledAnnotation {
    /// The usual balloon, for an annotation that does not say.
    public var markerSize: MarkerSize? { nil }
}

extension MapView {
    static let styledMarkerIdentifier = "mapwire.default.styled"

    /// The default view for a styled annotation: a marker in its colours.
    func makeStyledMarker(for annotation: StyledAnnotation) -> AnnotationView {
        let view = dequeueReusableAnnotationView(withIdentifier: Self.styledMarkerIdentifier, for: annotation)
        (view as? MarkerAnnotationView)?.applyStyle(of: annotation)
        return view
    }

    /// Re-reads what an annotation says about its looks for the view the
    /// map shows for it, if any: its title as the view's accessibility name
    /// and a marker's labels, and a styled annotation's colour, symbol and
    /// size when the map made its marker. An open callout re-reads title and
    /// subtitle every frame anyway.
    public func annotationStyleDidChange(_ annotation: Annotation) {
        guard let view = liveViews[AnnotationKey(annotation)] else { return }
        if let anchor = view.worldAnchor { view.place(at: anchor) }
        guard let marker = view as? MarkerAnnotationView else { return }
        if let styled = annotation as? StyledAnnotation, marker.reuseIdentifier == Self.styledMarkerIdentifier {
            marker.applyStyle(of: styled)
            // A longer or shorter title changes what the collision pass hides.
            collisionSignature = nil
        }
        // After the style: the map keeps drawing a styled marker's last render until its content is laid out
        // again, so a new glyph must be laid out here, as the labels are.
        marker.updateContent(fonts: fonts)
    }
}

extension MapView {
    /// Re-reads the looks of every annotation the map shows a view for: a
    /// map that missed edits (its source could not say which) catches up.
    package func annotationStylesDidChange() {
        for view in liveViews.values {
            if let annotation = view.annotation { annotationStyleDidChange(annotation) }
        }
    }
}

extension MarkerAnnotationView {
    func applyStyle(of annotation: StyledAnnotation) {
        titlesAreAnnounced = true
        // Applied when the map made the marker and when the annotation's looks changed: its title may have too.
        announcedTitleIsMeasured = false
        // The colour first: an icon is drawn in the glyph colour that reads on it.
        if markerTintColor != annotation.markerColor { markerTintColor = annotation.markerColor }
        let symbol = annotation.markerSymbol
        // An icon name wins over text, so `bus` and `car` draw their icons.
        let icon = symbol.flatMap { MarkerIcon.isKnown($0) ? $0 : nil }
        let text = icon == nil ? symbol.flatMap { MarkerIcon.isText($0) ? $0 : nil } : nil
        if glyphText != text { glyphText = text }
        if glyphIconName != icon { glyphIconName = icon }
        let size = annotation.markerSize ?? .medium
        if markerSize != size { markerSize = size }
    }
}
