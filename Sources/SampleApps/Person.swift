import Foundation
import MapWire

/// Someone on the wishlist map: an annotation with a place, an avatar and wishes.
public final class Person: Annotation {
    /// Their id in the shared world and the HTTP API.
    public let id: String
    /// Their name, the pin's title.
    public let name: String
    /// Where they live, the pin's subtitle.
    public let place: String
    /// The continent of `place`.
    public let continent: String
    /// Path of the avatar image under `Public/`.
    public let avatar: String
    /// A few lines about them, on their detail screen.
    public let bio: String
    /// Their wishlist, the rows of their card and detail screen.
    public let wishes: [String]
    private let location: PointAnnotation

    /// A person as `fixtures/people.json` lists them.
    public init(
        id: String, name: String, place: String, continent: String, coordinate: Coordinate,
        avatar: String, bio: String, wishes: [String]
    ) {
        self.id = id
        self.name = name
        self.place = place
        self.continent = continent
        self.avatar = avatar
        self.bio = bio
        self.wishes = wishes
        location = PointAnnotation(coordinate: coordinate)
    }

    public var coordinate: Coordinate {
        get { location.coordinate }
        set { location.coordinate = newValue }
    }
    public var title: String? { name }
    public var subtitle: String? { place }
}

/// The people of `fixtures/people.json` (see fixtures/README.md).
public enum PeopleFile {
    struct Entry: Decodable {
        let id: String
        let name: String
        let place: String
        let continent: String
        let latitude: Double
        let longitude: Double
        let avatar: String
        let bio: String
        let wishes: [String]
    }

    struct File: Decodable {
        let people: [Entry]
    }

    /// Why the people file could not be loaded, naming the file.
    public enum LoadError: Error, CustomStringConvertible {
        /// The file at this path could not be read.
        case unreadable(String)
        /// The file at this path is not the people JSON, or breaks a rule; the second value says why.
        case invalid(String, String)
        public var description: String {
            switch self {
            case let .unreadable(path): return "cannot read people file \(path)"
            case let .invalid(path, why): return "people file \(path) is invalid: \(why)"
            }
        }
    }

    /// Loads and checks the file: unique ids, valid coordinates.
    public static func load(_ url: URL) throws -> [Person] {
        guard let data = try? Data(contentsOf: url) else { throw LoadError.unreadable(url.path) }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw LoadError.invalid(url.path, "\(error)")
        }
        var seen: Set<String> = []
        return try file.people.map { e in
            let c = Coordinate(latitude: e.latitude, longitude: e.longitude)
            guard c.isValid else { throw LoadError.invalid(url.path, "\(e.id) has coordinate \(c)") }
            guard seen.insert(e.id).inserted else { throw LoadError.invalid(url.path, "duplicate id \(e.id)") }
            return Person(
                id: e.id, name: e.name, place: e.place, continent: e.continent, coordinate: c,
                avatar: e.avatar, bio: e.bio, wishes: e.wishes)
        }
    }
}
