import Foundation
import MapWire

/// The sample apps' data and images, loaded once and shared by every session.
public final class SampleContent: Sendable {
    public let people: [Person]
    public let landmarks: [Landmark]
    public let images: ImageLibrary
    public let personPin: ImageResource
    public let defaultPin: ImageResource
    public let cityFlag: ImageResource
    public let cityIcon: ImageResource

    public init(people: [Person], landmarks: [Landmark], images: ImageLibrary) throws {
        self.people = people
        self.landmarks = landmarks
        self.images = images
        personPin = try images.image(named: "images/pin-person.svg")
        defaultPin = try images.image(named: "images/pin-default.svg")
        cityFlag = try images.image(named: "images/sf-flag.svg")
        cityIcon = try images.image(named: "images/sf-icon.svg")
        // Fail at start-up, not in a session, when an avatar is missing.
        for person in people { _ = try images.image(named: person.avatar) }
    }

    /// `people.json` and `mapcallouts.json` from `dataDirectory`, images from `publicDirectory`.
    public static func load(dataDirectory: URL, publicDirectory: URL) throws -> SampleContent {
        try SampleContent(people: PeopleFile.load(dataDirectory.appendingPathComponent("people.json")),
                          landmarks: LandmarkFile.load(dataDirectory.appendingPathComponent("mapcallouts.json")),
                          images: ImageLibrary(root: publicDirectory))
    }

    /// Every annotation of the sample apps.
    public var annotations: [Annotation] { people + landmarks }

    /// The avatar image of `person`, if it loads.
    public func avatar(of person: Person) -> ImageResource? {
        try? images.image(named: person.avatar)
    }
}
