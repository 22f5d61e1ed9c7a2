/// A geographic position in degrees (WGS 84), as `CLLocationCoordinate2D`.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north of the equator (negative: south), -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich (negative: west), -180...180.
    public var longitude: Double

    /// A coordinate in degrees; check `isValid` before trusting one from outside.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True for latitudes in [-90, 90] and longitudes in [-180, 180], finite.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// "latitude, longitude", as logs print it.
    public var description: String { "\(latitude), \(longitude)" }
}

/// A centre and a span in degrees, as `MKCoordinateRegion`.
public struct CoordinateRegion: Hashable, Sendable {
    /// The middle of the region.
    public var center: Coordinate
    /// Its height in degrees of latitude.
    public var latitudeDelta: Double
    /// Its width in degrees of longitude.
    public var longitudeDelta: Double

    /// The region of `latitudeDelta` by `longitudeDelta` degrees around `center`.
    public init(center: Coordinate, latitudeDelta: Double, longitudeDelta: Double) {
        self.center = center
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}
