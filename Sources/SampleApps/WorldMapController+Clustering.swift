import MapCore

/// The wishlist people share one clustering identifier: zoomed out, people
/// whose pins would pile up gather into a cluster with their count.
extension WorldMapController {
    public static let peopleClusteringIdentifier = "people"

    public func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
        annotation is Person ? Self.peopleClusteringIdentifier : nil
    }
}
