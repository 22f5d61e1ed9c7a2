import Foundation
import MapWire

/// The sample apps' data and images, loaded once and shared by every session.
public final class SampleContent: Sendable {
    /// The wishlist sample's people.
    public let people: [Person]
    /// The MapCallouts sample's places.
    public let landmarks: [Landmark]
    /// The Helsinki sample's tram routes and trams.
    public let trams: TramNetwork
    /// The images under `Public/images`, loaded once for every session.
    public let images: ImageLibrary
    /// The blue flag of a person's pin.
    public let personPin: ImageResource
    /// The plain pin for annotations with no view of their own.
    public let defaultPin: ImageResource
    /// San Francisco's flag, the city landmark's image.
    public let cityFlag: ImageResource
    /// The small city icon in the city landmark's callout.
    public let cityIcon: ImageResource

    /// The samples' content; throws when an image they need is not in `images`.
    public init(
        people: [Person], landmarks: [Landmark], trams: TramNetwork = .empty, images: ImageLibrary
    ) throws {
        self.people = people
        self.landmarks = landmarks
        self.trams = trams
        self.images = images
        personPin = try images.image(named: "images/pin-person.svg")
        defaultPin = try images.image(named: "images/pin-default.svg")
        cityFlag = try images.image(named: "images/sf-flag.svg")
        cityIcon = try images.image(named: "images/sf-icon.svg")
        // Fail at start-up, not in a session, when an avatar is missing.
        for person in people { _ = try images.image(named: person.avatar) }
    }

    /// `people.json`, `mapcallouts.json` and `helsinki-trams.json` from
    /// `dataDirectory`, images from `publicDirectory`.
    public static func load(dataDirectory: URL, publicDirectory: URL) throws -> SampleContent {
        try SampleContent(
            people: PeopleFile.load(dataDirectory.appendingPathComponent("people.json")),
            landmarks: LandmarkFile.load(dataDirectory.appendingPathComponent("mapcallouts.json")),
            trams: TramFile.load(dataDirectory.appendingPathComponent("helsinki-trams.json")),
            images: ImageLibrary(root: publicDirectory))
    }

    /// Every annotation of the sample apps.
    public var annotations: [Annotation] { people + landmarks }

    /// The avatar image of `person`, if it loads.
    public func avatar(of person: Person) -> ImageResource? {
        try? images.image(named: person.avatar)
    }
}
