import Foundation
import GRDB
import Testing

@testable import Persistence

@Suite struct WALCheckpointerTests {
    /// Pins with long titles, so a few hundred fill several pages of log.
    private func pins(_ range: Range<Int>) -> [WorldChange] {
        range.map { i -> WorldChange in
            var a = pin("pin-\(i)", 1, 2)
            a.title = String(repeating: "t", count: 200)
            return .added(a)
        }
    }

    /// How many annotations the store file holds on its own, without its
    /// write-ahead log: what checkpoints copied into it. Nil when the copy
    /// caught the file mid-write.
    private func annotationsInTheFileAlone(_ store: TemporaryStore) -> Int? {
        guard let copy = try? TemporaryStore(),
            (try? FileManager.default.copyItem(atPath: store.path, toPath: copy.path)) != nil
        else { return nil }
        return try? DatabaseQueue(path: copy.path).read { db in
            // Before any checkpoint even the table is only in the log.
            guard try db.tableExists("annotation") else { return 0 }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation")
        }
    }

    @Test func aLongLogIsCopiedIntoTheFileOffTheWritersThread() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path, checkpointPaces: .init(wake: 4, writer: 1_000_000))
        for batch in 0..<5 { try db.write(pins(batch * 200..<(batch + 1) * 200)) }
        let deadline = Date().addingTimeInterval(30)
        var inFile = annotationsInTheFileAlone(store)
        while inFile != 1_000 && Date() < deadline {
            usleep(10_000)
            inFile = annotationsInTheFileAlone(store)
        }
        #expect(inFile == 1_000)
        let counts = try #require(db.checkpointer?.statistics)
        #expect(counts.background >= 1 && counts.inline == 0)
    }

    @Test func theWriterCheckpointsItselfWhenTheLogOutgrowsTheCheckpointer() throws {
        let store = try TemporaryStore()
        // The checkpointer is never woken; only the writer's own checkpoint can copy the log.
        let db = try WorldDatabase(path: store.path, checkpointPaces: .init(wake: 1_000_000, writer: 4))
        try db.write(pins(0..<1_000))
        #expect(annotationsInTheFileAlone(store) == 1_000)
        let counts = try #require(db.checkpointer?.statistics)
        #expect(counts == WALCheckpointer.Counts(background: 0, inline: 1))
    }

    @Test func aStoreLetGoIsClosedWithItsLogEvenWhileItsCheckpointerLivesOn() throws {
        let store = try TemporaryStore()
        var checkpointer: WALCheckpointer?
        do {
            let db = try WorldDatabase(path: store.path, checkpointPaces: .init(wake: 4, writer: 1_000_000))
            try db.write(pins(0..<200))
            checkpointer = db.checkpointer
        }
        // The last connection to close checkpoints the log and deletes it. Had the checkpointer's connection
        // outlived the store, that close would come whenever its thread let go, racing the next opener.
        #expect(!FileManager.default.fileExists(atPath: store.path + "-wal"))
        let rows = try DatabaseQueue(path: store.path).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM annotation")
        }
        #expect(rows == 200)
        withExtendedLifetime(checkpointer) {}
    }

    @Test func aShortLogStaysInTheLog() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        try db.write(pins(0..<10))
        // Far below a thousand pages: nothing checkpoints, SQLite's own automatic checkpoint included.
        usleep(100_000)
        #expect(annotationsInTheFileAlone(store) == 0)
        #expect(db.checkpointer?.statistics == WALCheckpointer.Counts())
    }

    @Test func closingTheStoreEmptiesTheLogAndEndsTheThread() throws {
        let store = try TemporaryStore()
        weak var checkpointer: WALCheckpointer?
        do {
            let db = try WorldDatabase(path: store.path, checkpointPaces: .init(wake: 4, writer: 1_000_000))
            checkpointer = db.checkpointer
            for batch in 0..<5 { try db.write(pins(batch * 200..<(batch + 1) * 200)) }
            try db.checkpoint()
            let log = try FileManager.default.attributesOfItem(atPath: store.path + "-wal")[.size] as? Int
            #expect(log == 0)
            #expect(annotationsInTheFileAlone(store) == 1_000)
        }
        // The database stopped the thread as it went; the thread lets go of the checkpointer as it ends.
        let deadline = Date().addingTimeInterval(30)
        while checkpointer != nil && Date() < deadline { usleep(10_000) }
        #expect(checkpointer == nil)
    }

    @Test func aStoreInMemoryHasNoCheckpointer() throws {
        #expect(try WorldDatabase(path: ":memory:").checkpointer == nil)
    }
}
