import MapCore
import MapGeometry
import Testing

@testable import LiveWorld

@Suite struct ChangeLogTests {
    let pins = (0..<4).map {
        LiveAnnotation(id: "p\($0)", title: nil, coordinate: Coordinate(latitude: 0, longitude: 0))
    }

    func move(_ i: Int, x: Double) -> LoggedChange {
        .moved(pins[i % pins.count], from: Point(x: x - 1, y: 0), to: Point(x: x, y: 0), receivedAt: x, interval: nil)
    }

    func read(_ slice: ChangeLogSlice?) -> [Double] {
        var out: [Double] = []
        slice?.forEach { out.append($0.pointee.to.x) }
        return out
    }

    @Test func aSliceHoldsTheChangesAfterItsVersionAcrossChunks() {
        let log = ChangeLog(limit: 40) // chunks of 10
        for v in 1...25 { log.append(move(v, x: Double(v))) }
        #expect(log.version == 25)
        #expect(read(log.changes(since: 0)) == (1...25).map(Double.init))
        #expect(read(log.changes(since: 9)) == (10...25).map(Double.init))
        #expect(read(log.changes(since: 10)) == (11...25).map(Double.init))
        #expect(log.changes(since: 20)?.count == 5)
        #expect(read(log.changes(since: 25)).isEmpty)
    }

    @Test func theOldestChunksGoOnceTheLimitIsPassedAndAReaderThatFarBehindGetsNothing() {
        let log = ChangeLog(limit: 8) // chunks of 2
        for v in 1...8 { log.append(move(v, x: Double(v))) }
        #expect(log.changes(since: 0) != nil)
        log.append(move(9, x: 9))
        #expect(log.changes(since: 0) == nil, "version 1 is gone")
        #expect(log.oldestHeld == 2)
        #expect(read(log.changes(since: 2)) == (3...9).map(Double.init))
        for v in 10...100 { log.append(move(v, x: Double(v))) }
        #expect(log.version - log.oldestHeld <= 8 && log.version - log.oldestHeld >= 6)
        #expect(read(log.changes(since: log.oldestHeld)).last == 100)
    }

    @Test func aSliceTakenEarlierStaysReadableWhileTheLogGrowsAndDropsChunks() {
        let log = ChangeLog(limit: 8)
        for v in 1...5 { log.append(move(v, x: Double(v))) }
        let slice = log.changes(since: 1)
        // The writer fills the chunk the slice ends in and drops the ones it starts in.
        for v in 6...50 { log.append(move(v, x: Double(v))) }
        #expect(log.changes(since: 1) == nil)
        #expect(read(slice) == [2, 3, 4, 5], "the slice ends where it was taken")
    }

    @Test func changesEveryReaderReadGoInWholeChunksDownToTheMinimumKept() {
        let log = ChangeLog(limit: 8192) // chunks of 1,024; 4,096 kept however far readers read
        for v in 1...8000 { log.append(move(v, x: Double(v))) }
        log.dropRead(through: 2000)
        #expect(log.oldestHeld == 1024, "only the chunk wholly read goes")
        #expect(log.changes(since: 1023) == nil && read(log.changes(since: 1024)).first == 1025)
        log.dropRead(through: 8000)
        #expect(log.oldestHeld == 3072, "three more chunks go; a fourth would leave fewer than 4,096")
        #expect(log.heldCount == 4928)
        #expect(read(log.changes(since: 3072)).count == 4928)
    }

    @Test func theStoreKeepsWhatASubscriberHasYetToReadAndLetsTheRestGoWhenItLeaves() throws {
        let store = AnnotationStore(logLimit: 8192)
        let ids = (0..<100).map { "m\($0)" }
        for id in ids {
            try store.add(LiveAnnotation(id: id, title: nil, coordinate: Coordinate(latitude: 0, longitude: 0)))
        }
        let start = store.version
        let subscriber = LiveSubscriber(onWake: {})
        subscriber.didRead(through: start)
        store.subscribe(1, subscriber)
        func moveAll(_ round: Int) throws {
            let longitude = Double(round % 170)
            try store.apply(ids.map { Move(id: $0, coordinate: Coordinate(latitude: 1, longitude: longitude)) })
        }
        for round in 1...80 { try moveAll(round) }
        #expect(store.changes(since: start) != nil, "8,000 moves the subscriber has not read stay")
        subscriber.didRead(through: store.version)
        try moveAll(81)
        #expect(store.changes(since: start) == nil, "read by everyone: dropped")
        #expect(store.log.heldCount < 4096 + 1024 + 100)
        #expect(store.changes(since: store.version - 4096) != nil, "a joining session's snapshot is still covered")

        // A subscriber far behind holds the log until it leaves; then only the minimum stays.
        let idle = LiveSubscriber(onWake: {})
        idle.didRead(through: store.version)
        let idleFrom = store.version
        store.subscribe(2, idle)
        for round in 82...150 { try moveAll(round) }
        subscriber.didRead(through: store.version)
        try moveAll(151)
        #expect(store.changes(since: idleFrom) != nil)
        store.unsubscribe(2)
        #expect(store.changes(since: idleFrom) == nil)
        #expect(store.log.heldCount < 4096 + 1024)
    }

    @Test func theStoreLogsWhereAMoveCameFromAndWentTo() throws {
        let store = AnnotationStore()
        try store.add(LiveAnnotation(id: "a", title: nil, coordinate: Coordinate(latitude: 0, longitude: 0)))
        let version = store.version
        try store.apply([Move(id: "a", coordinate: Coordinate(latitude: 0, longitude: 90))])
        try store.remove(id: "a")
        var seen: [(LoggedChange.Kind, Point, Point)] = []
        store.changes(since: version)?.forEach { seen.append(($0.pointee.kind, $0.pointee.from, $0.pointee.to)) }
        let quarter = Mercator.worldSize / 4
        #expect(seen.map(\.0) == [.moved, .removed])
        #expect(abs(seen[0].1.x - 2 * quarter) < 1e-6 && abs(seen[0].2.x - 3 * quarter) < 1e-6)
        #expect(abs(seen[1].1.x - 3 * quarter) < 1e-6, "removed where it was last")
    }
}
