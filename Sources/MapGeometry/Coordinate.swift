/// A geographic position in degrees (WGS 84), as `CLLocationCoordinate2D`.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True for latitudes in [-90, 90] and longitudes in [-180, 180], finite.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    public var description: String { "\(latitude), \(longitude)" }
}

/// A centre and a span in degrees, as `MKCoordinateRegion`.
public struct CoordinateRegion: Hashable, Sendable {
    public var center: Coordinate
    public var latitudeDelta: Double
    public var longitudeDelta: Double

    public init(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double) {
        self.center = center
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}
