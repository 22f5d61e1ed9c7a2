import Synchronization

/// The sessions open now, by id: the service adds and forgets them, and
/// `/healthz` and `/metrics` read them from any thread.
final class OpenSessions: Sendable {
    private let sessions = Mutex<[UInt32: MapSession]>([:])

    func add(_ session: MapSession) {
        sessions.withLock { $0[session.id] = session }
    }

    func remove(_ id: UInt32) {
        sessions.withLock { _ = $0.removeValue(forKey: id) }
    }

    var count: Int { sessions.withLock { $0.count } }

    /// A snapshot, for metrics and shutdown.
    var all: [MapSession] { sessions.withLock { Array($0.values) } }
}
