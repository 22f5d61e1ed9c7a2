import Foundation
import MapWire

/// A café worth a visit: the app's own annotation class, as you would adopt
/// `MKAnnotation` in MapKit. Decoded straight from `places.json`.
///
/// MapWire shares annotation objects between the browser tabs' maps, so an
/// annotation is `Sendable`; with only `let` properties this one is.
final class Place: Annotation, Decodable {
    let id: String
    let title: String?
    let subtitle: String?
    let latitude: Double
    let longitude: Double

    var coordinate: Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The places in the package's `places.json` resource.
    static func loadBundled() throws -> [Place] {
        guard let url = Bundle.module.url(forResource: "places", withExtension: "json") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try JSONDecoder().decode([Place].self, from: Data(contentsOf: url))
    }
}
