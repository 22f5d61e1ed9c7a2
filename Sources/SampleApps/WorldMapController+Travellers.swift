import MapWire

/// The demo feed's travellers are background detail: their markers and
/// their clusters give way wherever they overlap the people's pins and
/// clusters (a lower display priority, as MapKit apps mark optional pins),
/// and they gather among themselves under an identifier of their own, so a
/// dozen flying over one region are one counted marker, not a pile.
extension WorldMapController {
    /// The demo feed's `kind` for its travellers.
    public static let travellerKind = "traveller"
    /// The clustering identifier the demo feed gives its travellers.
    public static let travellerClusteringIdentifier = "travellers"
    static let travellerIdentifier = "traveller"
    static let travellerClusterIdentifier = "traveller.cluster"
    /// Violet, apart from the people's blue flags and the API's default red.
    static let travellerTint = Color(hex: 0x5856D6)

    /// A traveller's marker or a cluster of travellers; nil for anything else.
    func travellerView(for annotation: Annotation, on mapView: MapView) -> AnnotationView? {
        if let cluster = annotation as? ClusterAnnotation,
            cluster.clusteringIdentifier == Self.travellerClusteringIdentifier
        {
            let view = mapView.dequeueReusableAnnotationView(
                withIdentifier: Self.travellerClusterIdentifier,
                for: cluster)
            (view as? ClusterAnnotationView)?.tintColor = Self.travellerTint
            view.displayPriority = .defaultLow
            return view
        }
        guard let traveller = annotation as? LiveAnnotation, traveller.kind == Self.travellerKind else { return nil }
        let view = mapView.dequeueReusableAnnotationView(withIdentifier: Self.travellerIdentifier, for: traveller)
        if let marker = view as? MarkerAnnotationView {
            marker.markerTintColor = Self.travellerTint
            marker.glyphText = "✈"
        }
        view.displayPriority = .defaultLow
        view.canShowCallout = true
        return view
    }
}
