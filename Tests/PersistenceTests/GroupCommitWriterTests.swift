import Foundation
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
                writer.submit([.moved(id: "p\((t * perThread + i) % 100)", latitude: Double(i % 80), longitude: 1,
                                      timestamp: nil)])
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
