import Foundation
import MapWire
import Testing

@testable import SampleApps

/// Which sample is plugged in decides what the shared world is seeded with.
@Suite struct SampleMapAppTests {
    static let content: SampleContent = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        do {
            return try SampleContent.load(
                dataDirectory: root.appendingPathComponent("fixtures"),
                publicDirectory: root.appendingPathComponent("Public"))
        } catch {
            fatalError("sample content: \(error)")
        }
    }()

    @Test func eachSampleSeedsItsOwnAnnotationsUnderItsOwnName() {
        let wishlist = SampleMapApp(content: Self.content, samples: [.wishlist]).seeds
        #expect(wishlist.map(\.name) == ["wishlist"])
        #expect(wishlist[0].annotations.count == Self.content.people.count)
        #expect(wishlist[0].annotations.allSatisfy { $0.kind == "person" && $0.move != nil })
        let callouts = SampleMapApp(content: Self.content, samples: [.mapcallouts]).seeds
        #expect(callouts.map(\.name) == ["mapcallouts"])
        #expect(callouts[0].annotations.map(\.id) == Self.content.landmarks.map(\.id))
        #expect(callouts[0].annotations.allSatisfy { $0.move == nil }, "landmarks are fixed")
        #expect(SampleMapApp(content: Self.content, samples: []).seeds.isEmpty)
    }

    @Test func aSeededPersonMovesWhenTheStoreMovesIt() throws {
        let store = AnnotationStore(seeds: SampleMapApp(content: Self.content, samples: [.wishlist]).seeds)
        let person = try #require(Self.content.people.last)
        let before = person.coordinate
        defer { person.coordinate = before }
        try store.apply([Move(id: person.id, coordinate: Coordinate(latitude: 1.5, longitude: 2.5))])
        #expect(person.coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
        #expect(store.records.count == Self.content.people.count)
    }
}
