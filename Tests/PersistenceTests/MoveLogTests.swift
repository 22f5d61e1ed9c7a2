import Foundation
import GRDB
import Testing

@testable import Persistence

/// Moves are appended to a log and folded into their rows in passes; the
/// file reads right at every step, after a crash, and after a close.
@Suite struct MoveLogTests {
    /// What the file should hold: each annotation at its latest position, in the order added.
    private struct Model {
        var rows: [String: StoredAnnotation] = [:]
        var order: [String] = []

        mutating func add(_ a: StoredAnnotation) {
            rows[a.id] = a
            order.removeAll { $0 == a.id }
            order.append(a.id)
        }

        mutating func move(_ id: String, _ lat: Double, _ lon: Double, _ t: Double) {
            rows[id]?.latitude = lat
            rows[id]?.longitude = lon
            rows[id]?.timestamp = t
        }

        mutating func remove(_ id: String) {
            rows[id] = nil
            order.removeAll { $0 == id }
        }

        var annotations: [StoredAnnotation] { order.compactMap { rows[$0] } }
    }

    /// The file and its WAL as a crash would leave them: no close, no checkpoint.
    private func crashCopy(of store: TemporaryStore) throws -> TemporaryStore {
        let copy = try TemporaryStore()
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: store.path + suffix) {
            try FileManager.default.copyItem(atPath: store.path + suffix, toPath: copy.path + suffix)
        }
        return copy
    }

    private func logCount(_ path: String) throws -> Int {
        try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT coalesce(sum(last_seq - first_seq + 1), 0) FROM move_log") ?? -1
        }
    }

    /// Every position the buckets hold.
    private func bucketed(_ path: String) throws -> [MoveLog.Entry] {
        try DatabaseQueue(path: path).read { db in
            try Data.fetchAll(db, sql: "SELECT moves FROM position").flatMap { data in
                try PackedMoves.unpack([UInt8](data), path: path)
            }
        }
    }

    @Test func theFileHoldsEveryLatestPositionWhileMovesAreLoggedAndFolded() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        var model = Model()
        var rng = SplitMix(seed: 14)
        let initial = (0..<3_000).map { pin("p\($0)", 0, 0) }
        try db.write(initial.map { .added($0) })
        initial.forEach { model.add($0) }
        var clock = 0.0
        for batch in 0..<60 {
            var changes: [WorldChange] = []
            for _ in 0..<300 {
                let id = "p\(rng.next() % 3_000)"
                clock += 1
                switch rng.next() % 50 {
                case 0:
                    changes.append(.removed(id: id))
                    model.remove(id)
                case 1:
                    // Added again (or for the first time since its removal) somewhere new.
                    let again = pin(id, Double(rng.next() % 80), Double(rng.next() % 170))
                    changes.append(.removed(id: id))
                    changes.append(.added(again))
                    model.remove(id)
                    model.add(again)
                default:
                    guard model.rows[id] != nil else { continue }
                    let lat = Double(rng.next() % 8_000) / 100, lon = Double(rng.next() % 17_000) / 100
                    changes.append(.moved(id: id, latitude: lat, longitude: lon, timestamp: clock))
                    model.move(id, lat, lon, clock)
                }
            }
            try db.write(changes)
            #expect(try db.loadAnnotations() == model.annotations, "batch \(batch)")
            if batch % 15 == 14 {
                let crashed = try crashCopy(of: store)
                #expect(try WorldDatabase(path: crashed.path).loadAnnotations() == model.annotations, "batch \(batch)")
            }
        }
        // About 17,000 moves were logged; passes folded them into buckets and deleted them from the log.
        #expect(try logCount(store.path) < 8_000)
        #expect(try bucketed(store.path).count > 2_000)
        try db.checkpoint()
        #expect(try logCount(store.path) == 0)
        #expect(try WorldDatabase(path: store.path).loadAnnotations() == model.annotations)
    }

    @Test func aPassNeverWritesAnOlderMoveOverARowAddedAgain() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        let ids = (0..<MoveLog.minimumPassTrigger).map { String(format: "p%05d", $0) }
        try db.write(ids.map { .added(pin($0, 0, 0)) })
        // Enough moves for a pass; "p00000" sorts first, so the next commit folds it.
        try db.write(ids.map { .moved(id: $0, latitude: 10, longitude: 10, timestamp: 1) })
        try db.write([.removed(id: "p00000"), .added(pin("p00000", 50, 60))])
        let raw = try DatabaseQueue(path: store.path).read { db in
            try Row.fetchOne(db, sql: "SELECT latitude, longitude FROM annotation WHERE id = 'p00000'")
        }
        #expect(raw?[0] == 50.0 && raw?[1] == 60.0)
        let loaded = try db.loadAnnotations()
        #expect(loaded.last == pin("p00000", 50, 60))
        #expect(loaded.first { $0.id == "p00001" }?.latitude == 10)
    }

    @Test func aPassDoesNotBringBackAMoveOfARemovedAnnotation() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        let ids = (0..<MoveLog.minimumPassTrigger).map { String(format: "p%05d", $0) }
        try db.write(ids.map { .added(pin($0, 0, 0)) })
        try db.write(Array(ids.prefix(10)).map { .moved(id: $0, latitude: 1, longitude: 1, timestamp: 1) })
        try db.checkpoint()
        #expect(try bucketed(store.path).count == 10)
        // A pass of every id is taken; two are removed (one of them was in a bucket) before it folds.
        try db.write(ids.map { .moved(id: $0, latitude: 10, longitude: 10, timestamp: 2) })
        try db.write([.removed(id: "p00001"), .removed(id: "p04000")])
        #expect(try !bucketed(store.path).contains { $0.id == "p00001" })
        // Each commit folds at least `minimumFoldShare` of the pass.
        for t in 0..<8 { try db.write([.moved(id: "p00002", latitude: 3, longitude: 3, timestamp: 3 + Double(t))]) }
        let kept = try bucketed(store.path)
        #expect(kept.count == ids.count - 2)
        #expect(!kept.contains { $0.id == "p00001" || $0.id == "p04000" })
        let loaded = try db.loadAnnotations()
        #expect(loaded.count == ids.count - 2 && loaded.allSatisfy { $0.latitude != 0 })
    }

    @Test func removalsAreHeldOnlyWhileMovesOfThemMayStillBeFolded() {
        var log = MoveLog(emptyThrough: 10)
        // Nothing logged: a world that is never moved holds no removal.
        log.removed("a", nextSeq: 11)
        #expect(log.removalsHeld == 0)
        let position = CoalescedChanges.Position(latitude: 1, longitude: 2, timestamp: nil)
        var seq: Int64 = 10
        for i in 0..<MoveLog.minimumPassTrigger {
            seq += 1
            log.logged(MoveLog.Entry(id: "p\(i)", position: position, seq: seq))
        }
        log.removed("p1", nextSeq: seq + 1)
        #expect(log.removalsHeld == 1)
        #expect(log.isVoid(MoveLog.Entry(id: "p1", position: position, seq: 12)))
        #expect(!log.isVoid(MoveLog.Entry(id: "p2", position: position, seq: 13)))
        // The pass taken now holds every move logged before the removal; once it is folded, none is held.
        log.finished(log.step(moves: 0, annotations: 100, lastSeq: seq))
        var steps = 0
        while log.removalsHeld > 0, steps < 100 {
            log.finished(log.step(moves: 0, annotations: 100, lastSeq: seq))
            steps += 1
        }
        // Four shares of at least 1,024, then the commit that finds the pass done.
        #expect(log.removalsHeld == 0 && steps >= 4 && steps <= 5)
        #expect(!log.isVoid(MoveLog.Entry(id: "p1", position: position, seq: 12)))
    }

    @Test func aStartFoldsTheLogIntoTheRows() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        try db.write([.added(pin("a")), .added(pin("b"))])
        try db.write([.moved(id: "a", latitude: 3, longitude: 4, timestamp: 1)])
        try db.write([.moved(id: "a", latitude: 5, longitude: 6, timestamp: 2)])
        let crashed = try crashCopy(of: store)
        #expect(try logCount(crashed.path) == 2)
        let reopened = try WorldDatabase(path: crashed.path)
        #expect(try logCount(crashed.path) == 0)
        var moved = pin("a", 5, 6)
        moved.timestamp = 2
        #expect(try reopened.loadAnnotations() == [moved, pin("b")])
        // Numbers carry on past the log's: a move after the start is newer than every row.
        try reopened.write([.moved(id: "b", latitude: 7, longitude: 8, timestamp: 3)])
        #expect(try reopened.loadAnnotations().last?.latitude == 7)
    }

    /// A start checks each logged id's row: a seek each when the log holds
    /// few ids, one scan of the rows when it holds many.
    @Test(arguments: [3, 60])
    func aStartDropsTheLoggedMovesOfAPinAddedAgain(movedPins: Int) throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        try db.write((0..<100).map { .added(pin("p\($0)")) })
        try db.write((0..<movedPins).map { .moved(id: "p\($0)", latitude: 3, longitude: 4, timestamp: 1) })
        // "p1" goes and comes back after its move, "p2" goes: their logged moves are void.
        try db.write([.removed(id: "p1"), .removed(id: "p2")])
        try db.write([.added(pin("p1", 7, 8))])
        let crashed = try crashCopy(of: store)
        #expect(try logCount(crashed.path) > 0)
        let loaded = try WorldDatabase(path: crashed.path).loadAnnotations()
        var moved = pin("p0", 3, 4)
        moved.timestamp = 1
        #expect(loaded.first == moved && loaded.last == pin("p1", 7, 8))
        #expect(loaded.count == 99 && !loaded.contains { $0.id == "p2" })
        #expect(loaded.filter { $0.latitude == 3 }.count == movedPins - 2)
        #expect(try bucketed(crashed.path).count == movedPins - 2)
    }

    @Test func aCommitsMovesAreOneRowOfTheLog() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        try db.write((0..<50).map { .added(pin("p\($0)")) })
        try db.write((0..<50).map { .moved(id: "p\($0)", latitude: 3, longitude: 4, timestamp: 1) })
        try db.write((0..<20).map { .moved(id: "p\($0)", latitude: 5, longitude: 6, timestamp: 2) })
        let rows = try DatabaseQueue(path: store.path).read { db in
            try Row.fetchAll(db, sql: "SELECT first_seq, last_seq FROM move_log ORDER BY first_seq")
        }
        // The adds took numbers 1-50; each commit's moves follow on.
        #expect(rows.map { [$0[0], $0[1]] as [Int64] } == [[51, 100], [101, 120]])
        let latitudes = try db.loadAnnotations().map(\.latitude)
        #expect(latitudes == Array(repeating: 5, count: 20) + Array(repeating: 3, count: 30))
    }

    @Test func aFileWithARowPerMoveIsFoldedWhenItIsMigrated() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try WorldMigrations.migrator.migrate(queue, upTo: WorldMigrations.moveLog)
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO annotation (id, seq, kind, title, latitude, longitude) VALUES
                            ('a', 1, 'point', 'a', 1, 2), ('b', 5, 'point', 'b', 1, 2);
                        INSERT INTO move (seq, id, latitude, longitude, timestamp) VALUES
                            (2, 'a', 3, 4, 10), (3, 'a', 5, 6, 11), (4, 'b', 7, 8, 12);
                        """)
            }
        }
        let db = try WorldDatabase(path: store.path)
        #expect(try db.appliedMigrations().last == WorldMigrations.shapes)
        var a = pin("a", 5, 6)
        a.timestamp = 11
        // "b" was added again (number 5) after its logged move (4): the move is void.
        #expect(try db.loadAnnotations() == [a, pin("b", 1, 2)])
        let tables = try DatabaseQueue(path: store.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'move%'")
        }
        #expect(tables == ["move_log"])
        // New moves are numbered past the old log's.
        try db.write([.moved(id: "b", latitude: 9, longitude: 9, timestamp: 13)])
        #expect(try db.loadAnnotations().last?.latitude == 9)
    }

    @Test func aPassStartsOnceTheWorldsSizeMoved() {
        var log = MoveLog(emptyThrough: 100)
        var seq: Int64 = 100
        func commit(_ moves: Int, annotations: Int = 10_000) -> MoveLog.Step {
            for i in 0..<moves {
                seq += 1
                let position = CoalescedChanges.Position(latitude: 1, longitude: 2, timestamp: nil)
                log.logged(MoveLog.Entry(id: "p\(i)", position: position, seq: seq))
            }
            let step = log.step(moves: moves, annotations: annotations, lastSeq: seq)
            log.finished(step)
            return step
        }
        for _ in 0..<9 { #expect(commit(1_000) == MoveLog.Step()) }
        // 10,000 moves logged: as many as the world has pins. The pass holds 1,000 ids moved ten times.
        #expect(commit(1_000) == MoveLog.Step())
        let first = commit(1_000)
        #expect(first.fold.count == 1_000 && first.deleteThrough == 0)
        #expect(first.fold.map(\.seq) == first.fold.map(\.id).map { id in 9_100 + Int64(id.dropFirst())! + 1 })
        // The pass is done; the next commits delete what it folded, four times their moves at a time.
        let deleting = commit(1_000)
        #expect(deleting.fold.isEmpty && deleting.deleteThrough == 100 + 4_096)
        #expect(commit(1_100).deleteThrough == 100 + 4_096 + 4_400)
        #expect(commit(10).deleteThrough == 10_100)
        #expect(commit(10).deleteThrough == 0)
    }

    @Test func eachCommitFoldsWholeBucketsAsManyPositionsAsItMoved() {
        var log = MoveLog(emptyThrough: 0)
        var seq: Int64 = 0
        func commit(_ ids: Range<Int>) -> MoveLog.Step {
            for i in ids {
                seq += 1
                let position = CoalescedChanges.Position(latitude: 1, longitude: 2, timestamp: nil)
                log.logged(MoveLog.Entry(id: "v\(i)", position: position, seq: seq))
            }
            let step = log.step(moves: ids.count, annotations: 10_000, lastSeq: seq)
            log.finished(step)
            return step
        }
        #expect(commit(0..<10_000).fold.isEmpty, "the pass is taken")
        var folded: [MoveLog.Entry] = []
        var next = 0
        while folded.count < 10_000 {
            let share = commit(10_000 + folded.count..<13_000 + folded.count)
            let buckets = share.fold.map { Int(PositionBuckets.bucket(of: $0.id)) }
            #expect(
                share.folds.allSatisfy { fold in
                    fold.entries.allSatisfy { PositionBuckets.bucket(of: $0.id) == fold.bucket }
                }, "each group is the bucket it names")
            let last = buckets.last ?? -1
            // Whole buckets, in order, from where the last share ended; without its last, short of the moves.
            #expect(share.buckets.lowerBound == next && buckets.allSatisfy(share.buckets.contains))
            #expect(buckets == buckets.sorted() && (share.fold.count - buckets.filter { $0 == last }.count) < 3_000)
            #expect(share.fold.count >= 3_000 || share.buckets.upperBound == Int(PositionBuckets.count))
            next = share.buckets.upperBound
            folded += share.fold
        }
        #expect(Set(folded.map(\.id)) == Set((0..<10_000).map { "v\($0)" }) && folded.count == 10_000)
    }
}

/// A small seeded generator, so a failing sequence can be run again.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E539
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension MoveLog.Step {
    /// The latest positions of `folds`, one after another.
    var fold: [MoveLog.Entry] { folds.flatMap(\.entries) }
}
