import MapWire

/// The wishlist people share one clustering identifier: zoomed out, people
/// whose pins would pile up gather into a cluster with their count. Other
/// annotations cluster by the identifier they carry, if any (API pins added
/// with a `clusteringIdentifier`).
extension WorldMapController {
    /// The clustering identifier people's pins share, so they gather into "N places" when zoomed out.
    public static let peopleClusteringIdentifier = "people"

    public func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
        annotation is Person
            ? Self.peopleClusteringIdentifier : (annotation as? ClusterableAnnotation)?.clusteringIdentifier
    }
}
