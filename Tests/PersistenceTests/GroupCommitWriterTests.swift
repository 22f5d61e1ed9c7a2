import Foundation
import GRDB
import Synchronization
import Testing

@testable import Persistence

@Suite struct GroupCommitWriterTests {
    @Test func completionsRunInSubmissionOrderAfterTheirChangesAreInTheFile() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        let writer = GroupCommitWriter(database: db)
        let order = Mutex<[Int]>([])
        let seen = Mutex<[Int: [String]]>([:])
        for i in 0..<200 {
            writer.submit([.added(pin("p\(i)"))]) { error in
                #expect(error == nil)
                order.withLock { $0.append(i) }
                // Committed means a fresh connection reads it.
                if i % 50 == 0, let reader = try? WorldDatabase(path: store.path) {
                    seen.withLock { $0[i] = (try? reader.loadAnnotations().map(\.id)) ?? [] }
                }
            }
        }
        try writer.flush()
        #expect(order.withLock { $0 } == Array(0..<200))
        for (i, ids) in seen.withLock({ $0 }) { #expect(ids.contains("p\(i)")) }
        let stats = writer.statistics
        #expect(stats.changes == 200)
        #expect(stats.commits >= 1 && stats.commits <= 200)
        writer.stop()
        #expect(try db.loadAnnotations().count == 200)
    }

    @Test func movesThatArriveTogetherShareATransaction() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        try db.write((0..<100).map { .added(pin("p\($0)")) })
        let writer = GroupCommitWriter(database: db)
        let threads = 4
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in 0..<perThread {
                writer.submit([
                    .moved(
                        id: "p\((t * perThread + i) % 100)", latitude: Double(i % 80), longitude: 1,
                        timestamp: nil)
                ])
            }
        }
        try writer.flush()
        let stats = writer.statistics
        #expect(stats.changes == threads * perThread)
        #expect(stats.commits < threads * perThread / 10, "commits: \(stats.commits)")
        writer.stop()
    }

    @Test func afterStopASubmissionIsRefusedNotLost() throws {
        let writer = GroupCommitWriter(database: try WorldDatabase(path: ":memory:"))
        writer.submit([.added(pin("a"))])
        writer.stop()
        #expect(try writer.database.loadAnnotations().map(\.id) == ["a"])
        let refused = Mutex<StoreError?>(nil)
        writer.submit([.added(pin("b"))]) { error in refused.withLock { $0 = error } }
        #expect(refused.withLock { $0 } != nil)
        #expect(throws: StoreError.self) { try writer.flush() }
    }
}

@Suite struct GroupCommitWriterFailureTests {
    @Test func afterAFailedCommitEveryLaterWriteIsRefusedWithTheSameError() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        let writer = GroupCommitWriter(database: db)
        try writer.flush()
        #expect(writer.failure == nil)
        // Someone else breaks the file under us: the next transaction cannot write.
        try DatabaseQueue(path: store.path).write { try $0.execute(sql: "DROP TABLE annotation") }
        let first = Mutex<StoreError?>(nil)
        let done = DispatchSemaphore(value: 0)
        writer.submit([.added(pin("a"))]) { error in
            first.withLock { $0 = error }
            done.signal()
        }
        done.wait()
        let error = try #require(first.withLock { $0 })
        #expect("\(error)".contains("could not write"))
        #expect(writer.failure != nil)
        #expect(writer.statistics.failures == 1)
        // Refused at once, without another transaction.
        let second = Mutex<StoreError?>(nil)
        writer.submit([.moved(id: "a", latitude: 1, longitude: 1, timestamp: nil)]) { e in second.withLock { $0 = e } }
        #expect(second.withLock { $0 } != nil)
        #expect(writer.statistics.failures == 1)
        writer.stop()
    }
}
