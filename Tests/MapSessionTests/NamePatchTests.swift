import DisplayList
import MapGeometry
import Testing

@testable import LiveWorld
@testable import MapCore
@testable import MapSession

/// A live pin that glides onto a place's name, or off one, hides or shows
/// the name in a patch of the frame rather than a whole render: the names
/// a pin covers stay in the scene, hidden. What the browser then holds is
/// what a whole frame would have made.
@Suite struct NamePatchTests {
    static let madrid = Coordinate(latitude: 40.4, longitude: -3.7)
    static let size = Size(width: 1280, height: 800)

    func shown(_ replica: SceneReplica, _ text: String) -> Bool? {
        let names = replica.items.values.filter { $0.kind == .curvedText && $0.properties.text == text }
        guard !names.isEmpty else { return nil }
        return names.contains { !$0.properties.hidden }
    }

    func namePatches(_ h: SessionHarness) -> Int { h.session.sync { h.session.live.namePatches } }

    @Test func aPinGlidingOntoANameAndOffPatchesItsHiddenFlag() throws {
        let world = freshWorld()
        let away = Coordinate(latitude: 38.2, longitude: -7.4)
        try world.store.add(LiveAnnotation(id: "courier", title: "Courier", coordinate: away))
        let h = SessionHarness(size: Self.size, hash: "#6/40.4/-3.7", world: world)
        h.settle(seconds: 0.3)
        #expect(shown(h.replica, "Madrid") == true, "Madrid is named with the pin away from it")
        let (patches, frames) = (namePatches(h), h.frames.count)

        try world.store.apply([Move(id: "courier", coordinate: Self.madrid, timestamp: 10)])
        h.flushQueue()
        #expect(h.frames.count == frames + 1)
        #expect(namePatches(h) == patches + 1, "the name hidden in a patch, not a whole frame")
        #expect(shown(h.replica, "Madrid") == false, "the pin covers Madrid")
        EpochPatchSessionTests.expectSame(
            h.replica, EpochPatchSessionTests.wholeFrame(h, viewport: Self.size), "after the pin covered the name")

        h.settle(seconds: 1)
        try world.store.apply([Move(id: "courier", coordinate: away, timestamp: 20)])
        h.flushQueue()
        #expect(namePatches(h) == patches + 2, "shown again in a patch")
        #expect(shown(h.replica, "Madrid") == true)
        EpochPatchSessionTests.expectSame(
            h.replica, EpochPatchSessionTests.wholeFrame(h, viewport: Self.size), "after the pin left the name")
    }
}
