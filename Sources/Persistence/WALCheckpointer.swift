import Dispatch
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Copies the write-ahead log back into the store file on a thread of its
/// own, at a low priority, instead of inside the commit that happened to
/// cross SQLite's threshold.
///
/// SQLite's automatic checkpoint runs in the committing connection, so with
/// it one commit in a few also copied a thousand pages into the file and
/// synced it; every batch queued behind that commit waited for its answer.
/// Here the writer's commit only notes how long the log is, and past
/// `Paces.wake` pages wakes this thread, which checkpoints on a connection
/// of its own, passively: it copies what no reader still needs and never
/// blocks the writer. The log starts over at the writer's next commit once
/// it is all in the file.
///
/// If this thread falls behind and the log reaches `Paces.writer` pages,
/// the writer checkpoints inline, as SQLite would have, so the log stays
/// bounded whatever the load.
final class WALCheckpointer: Sendable {
    /// Log lengths, in pages, that start a checkpoint.
    struct Paces: Sendable {
        /// Wakes the checkpointer (SQLite's automatic checkpoint is at 1,000).
        var wake: Int32 = 1_000
        /// Has the writer checkpoint inline.
        var writer: Int32 = 20_000
    }

    /// Checkpoints run, for tests and benchmarks.
    struct Counts: Sendable, Equatable {
        /// By the checkpointer's thread.
        var background = 0
        /// By the writer, the log having reached `Paces.writer`.
        var inline = 0
    }

    /// The nice value of the checkpointer's thread: copying pages is work
    /// nobody waits for, so frames and commits run first.
    static let niceValue: Int32 = 10

    let paces: Paces
    private let connection: DatabaseQueue
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Whether a wake is pending, so a run of commits signals once.
    private let woken = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    /// Held through each checkpoint, so `exclusively(_:)` never meets one half done.
    private let running = Mutex(())
    private let counts = Mutex(Counts())

    /// Opens a connection to the file at `path` (already in WAL mode) and
    /// starts the thread; `install(on:)` then hooks the writer to it.
    /// `syncsEveryCommit` is the writer's setting, so every connection that
    /// writes the file says the same (in WAL mode a checkpoint syncs under
    /// `NORMAL` and `FULL` alike).
    init(path: String, paces: Paces = Paces(), syncsEveryCommit: Bool = false) throws {
        self.paces = paces
        var configuration = Configuration()
        configuration.label = "mapwire.store.checkpoint"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(WorldDatabase.synchronous(syncsEveryCommit))")
        }
        connection = try DatabaseQueue(path: path, configuration: configuration)
        let thread = Thread { [self] in run() }
        thread.name = "mapwire.checkpoint"
        thread.start()
    }

    var statistics: Counts { counts.withLock { $0 } }

    /// SQLite's `synchronous` on this connection.
    func synchronousInEffect() throws -> Int {
        try connection.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// Has the writer's connection report each commit's log length here.
    /// This replaces SQLite's automatic checkpoint on that connection.
    /// The hook holds the checkpointer unretained: the database that owns
    /// both stops it only once no commit can come any more.
    func install(on writer: Database) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_wal_hook(
            writer.sqliteConnection,
            { context, connection, name, pages in
                guard let context else { return SQLITE_OK }
                let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
                checkpointer.committed(logPages: pages, writer: connection, name: name)
                return SQLITE_OK
            }, context)
    }

    /// Runs `body` with no background checkpoint under way or starting.
    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        try running.withLock { _ in try body() }
    }

    /// Ends the thread after any checkpoint under way and closes its
    /// connection; idempotent.
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        finished.wait()
    }

    private func committed(logPages pages: Int32, writer: OpaquePointer?, name: UnsafePointer<CChar>?) {
        if pages >= paces.writer {
            // Passive: if the checkpointer holds the file's checkpoint lock, this declines at once.
            if sqlite3_wal_checkpoint_v2(writer, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                counts.withLock { $0.inline += 1 }
            }
        } else if pages >= paces.wake, !woken.exchange(true, ordering: .acquiringAndReleasing) {
            wake.signal()
        }
    }

    private func run() {
        lowerThreadPriority()
        while true {
            wake.wait()
            if stopping.load(ordering: .acquiring) { break }
            woken.store(false, ordering: .releasing)
            let done = running.withLock { _ in
                (try? connection.writeWithoutTransaction { try $0.checkpoint(.passive) }) != nil
            }
            if done { counts.withLock { $0.background += 1 } }
        }
        // Closed here, before `stop()` returns, and not whenever this thread lets go of the checkpointer: the
        // last connection to a WAL file checkpoints it under an exclusive lock as it closes, and that must be
        // the writer's close, which its owner waits for, not one that races whoever opens the file next.
        try? connection.close()
        finished.signal()
    }

    private func lowerThreadPriority() {
        #if os(Linux)
        // `who` 0 with PRIO_PROCESS names the calling thread on Linux, not the whole process.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        setpriority(which, 0, getpriority(which, 0) + Self.niceValue)
        #endif
    }
}
