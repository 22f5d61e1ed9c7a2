import Testing

@testable import Persistence

@Suite struct CoalescedChangesTests {
    @Test func onlyTheLatestPositionOfEachPinIsWritten() {
        let c = CoalescedChanges([
            .moved(id: "a", latitude: 1, longitude: 1, timestamp: 1),
            .moved(id: "b", latitude: 5, longitude: 5, timestamp: nil),
            .moved(id: "a", latitude: 2, longitude: 2, timestamp: 2),
        ])
        #expect(c.moved.count == 2)
        #expect(c.moved["a"] == .init(latitude: 2, longitude: 2, timestamp: 2))
        #expect(c.moved["b"] == .init(latitude: 5, longitude: 5, timestamp: nil))
        #expect(c.inserted.isEmpty && c.removed.isEmpty)
    }

    @Test func aPinAddedAndMovedInOneBatchIsInsertedWhereItEndedUp() {
        let c = CoalescedChanges([
            .added(pin("a")), .added(pin("b")),
            .moved(id: "a", latitude: 9, longitude: 8, timestamp: 3),
        ])
        #expect(c.inserted.compactMap { $0?.id } == ["a", "b"])
        #expect(c.inserted[0]?.latitude == 9 && c.inserted[0]?.longitude == 8 && c.inserted[0]?.timestamp == 3)
        #expect(c.moved.isEmpty)
    }

    @Test func aCommitOfOnlyAddsInsertsThemAllInOrder() {
        let c = CoalescedChanges((0..<100).map { WorldChange.added(pin("p\($0)", Double($0), 1)) })
        #expect(c.inserted.compactMap { $0?.id } == (0..<100).map { "p\($0)" })
        #expect(c.inserted[42]?.latitude == 42)
        #expect(c.moved.isEmpty && c.removed.isEmpty && c.restyled.isEmpty && !c.isEmpty)
    }

    @Test func aPinAddedThenRemovedLeavesOnlyTheDelete() {
        let c = CoalescedChanges([
            .added(pin("a")), .moved(id: "a", latitude: 3, longitude: 3, timestamp: nil),
            .removed(id: "a"),
        ])
        #expect(c.inserted.compactMap { $0 }.isEmpty)
        #expect(c.moved.isEmpty)
        #expect(c.removed == ["a"])
    }

    @Test func aPinRemovedAndAddedAgainIsDeletedThenInsertedFresh() {
        let c = CoalescedChanges([
            .moved(id: "a", latitude: 3, longitude: 3, timestamp: nil), .removed(id: "a"),
            .added(pin("a", 7, 7)),
        ])
        #expect(c.removed == ["a"])
        #expect(c.inserted.compactMap { $0?.latitude } == [7])
        #expect(c.moved.isEmpty)
        #expect(!c.isEmpty)
        #expect(CoalescedChanges([]).isEmpty)
    }
}
