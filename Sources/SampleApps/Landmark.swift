import Foundation
import MapWire

/// One of Apple's MapCallouts sample's places around San Francisco.
public final class Landmark: Annotation {
    /// Which of the sample's four places this is; each gets its own kind of view.
    public enum Kind: String, Decodable, Sendable {
        /// San Francisco itself, the Golden Gate Bridge, the Ferry Building and the Conservatory of Flowers.
        case city, bridge, ferry, flower
    }

    /// Its id in the shared world and the HTTP API.
    public let id: String
    /// Which place it is.
    public let kind: Kind
    public let title: String?
    public let subtitle: String?
    public let coordinate: Coordinate

    /// A landmark as `fixtures/mapcallouts.json` lists it.
    public init(id: String, kind: Kind, title: String?, subtitle: String?, coordinate: Coordinate) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.coordinate = coordinate
    }
}

/// The landmarks of `fixtures/mapcallouts.json`.
public enum LandmarkFile {
    struct Entry: Decodable {
        let id: String
        let kind: Landmark.Kind
        let title: String
        let subtitle: String?
        let latitude: Double
        let longitude: Double
    }

    struct File: Decodable {
        let annotations: [Entry]
    }

    /// Why the landmarks file could not be loaded, naming the file.
    public enum LoadError: Error, CustomStringConvertible, Equatable {
        /// The file at this path could not be read.
        case unreadable(String)
        /// The file at this path is not the landmarks JSON; the second value says why.
        case invalid(String, String)
        public var description: String {
            switch self {
            case let .unreadable(path): return "cannot read landmarks file \(path)"
            case let .invalid(path, why): return "landmarks file \(path) is invalid: \(why)"
            }
        }
    }

    /// The landmarks in the file at `url`; throws `LoadError`.
    public static func load(_ url: URL) throws -> [Landmark] {
        guard let data = try? Data(contentsOf: url) else { throw LoadError.unreadable(url.path) }
        do {
            return try JSONDecoder().decode(File.self, from: data).annotations.map {
                Landmark(
                    id: $0.id, kind: $0.kind, title: $0.title, subtitle: $0.subtitle,
                    coordinate: Coordinate(latitude: $0.latitude, longitude: $0.longitude))
            }
        } catch {
            throw LoadError.invalid(url.path, "\(error)")
        }
    }
}
