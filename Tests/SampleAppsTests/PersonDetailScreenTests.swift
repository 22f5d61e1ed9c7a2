import Foundation
import MapWire
import Testing

@testable import SampleApps

/// The detail screen's wishlist panel is as tall as its rows, up to what
/// the screen has room for.
@Suite struct PersonDetailScreenTests {
    static let fonts: FontBook = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        do {
            return try FontBook.load(publicDirectory: root.appendingPathComponent("Public"))
        } catch {
            fatalError("fonts: \(error)")
        }
    }()

    func screen(wishes: Int) -> PersonDetailScreen {
        let person = Person(
            id: "p", name: "Ada", place: "Vienna", continent: "Europe",
            coordinate: Coordinate(latitude: 48.2, longitude: 16.4), avatar: "", bio: "Bio.",
            wishes: (0..<wishes).map { "Wish \($0)" })
        return PersonDetailScreen(person: person, avatar: nil, fonts: Self.fonts)
    }

    @Test func aShortWishlistLeavesNoEmptyPanel() {
        let short = screen(wishes: 2)
        short.layout(in: Size(width: 800, height: 900))
        #expect(short.listView.frame.height == 2 * short.listView.rowHeight)
    }

    @Test func aLongWishlistScrollsInWhatTheScreenHasLeft() {
        let long = screen(wishes: 60)
        long.layout(in: Size(width: 800, height: 900))
        #expect(long.listView.frame.height < 60 * long.listView.rowHeight)
        #expect(long.listView.frame.maxY == 900 - 20)
    }
}
