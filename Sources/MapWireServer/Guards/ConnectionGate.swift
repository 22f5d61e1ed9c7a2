#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may hold a socket: counts every accepted connection, in total and per
/// peer address, and keeps the deadline each one must meet next.
///
/// A connection that never finishes its request (slow headers, `CONNECT`, an
/// upgrade that never sends its first message) would otherwise hold its file
/// descriptor forever; once the process runs out of descriptors, accept()
/// fails on every wake-up and nobody is served. The gate keeps the total below
/// the descriptor limit and lets the service loop drop whatever missed its
/// deadline.
///
/// Plain state, confined to the service thread; keys are lws connection
/// handles but nothing here calls lws, so it is tested without sockets.
final class ConnectionGate {
    /// Why a new socket is turned away.
    enum Refusal: Equatable {
        case serverFull(limit: Int)
        case peerFull(limit: Int)

        var message: String {
            switch self {
            case .serverFull(let limit): return "server full: \(limit) connections"
            case .peerFull(let limit): return "too many connections from this address (limit \(limit))"
            }
        }
    }

    /// What a connection is waiting for; a missed deadline names it in the log.
    enum Stage: Equatable {
        case request
        case firstMessage
        /// A feed that has been quiet for half its idle time: time to ping it.
        case feedQuiet
        /// A feed that was pinged: a batch or a pong must come by now.
        case feedIdle
    }

    private struct Entry {
        var peer: String
        var counted: Bool
        var deadline: Double?
        var stage: Stage
    }

    /// The most connections at once (already lowered below the descriptor limit).
    let maxConnections: Int
    /// The most connections one address may hold; 0 means no limit.
    let maxPerPeer: Int
    /// Whether loopback peers are held to `maxPerPeer` (behind a reverse proxy
    /// on the same host every user is 127.0.0.1).
    let limitsLoopback: Bool

    private var entries: [OpaquePointer: Entry] = [:]
    private var perPeer: [String: Int] = [:]
    /// The map sessions (not feeds) among the connections.
    private var sessions: Set<OpaquePointer> = []
    /// Earliest deadline among `entries`, so a sweep with nothing due is O(1).
    private var nextDeadline = Double.infinity

    init(maxConnections: Int, maxPerPeer: Int, limitsLoopback: Bool) {
        self.maxConnections = max(1, maxConnections)
        self.maxPerPeer = max(0, maxPerPeer)
        self.limitsLoopback = limitsLoopback
    }

    var count: Int { entries.count }

    var sessionCount: Int { sessions.count }

    func count(peer: String) -> Int { perPeer[peer] ?? 0 }

    func peer(_ wsi: OpaquePointer) -> String? { entries[wsi]?.peer }

    /// A socket was accepted: admit it with `deadline` for its first request,
    /// or say why not (the caller closes it).
    func admit(_ wsi: OpaquePointer, peer: String, deadline: Double) -> Refusal? {
        if entries.count >= maxConnections { return .serverFull(limit: maxConnections) }
        let counted = maxPerPeer > 0 && (limitsLoopback || !Self.isLoopback(peer))
        if counted && (perPeer[peer] ?? 0) >= maxPerPeer { return .peerFull(limit: maxPerPeer) }
        entries[wsi] = Entry(peer: peer, counted: counted, deadline: deadline, stage: .request)
        if counted { perPeer[peer, default: 0] += 1 }
        nextDeadline = min(nextDeadline, deadline)
        return nil
    }

    /// The socket is gone (any reason). Unknown handles are ignored: refused
    /// sockets were never admitted.
    func release(_ wsi: OpaquePointer) {
        sessions.remove(wsi)
        guard let entry = entries.removeValue(forKey: wsi) else { return }
        guard entry.counted, let held = perPeer[entry.peer] else { return }
        if held <= 1 { perPeer[entry.peer] = nil } else { perPeer[entry.peer] = held - 1 }
    }

    /// Counts `wsi` as a map session unless `limit` sessions are open.
    func admitSession(_ wsi: OpaquePointer, limit: Int) -> Bool {
        guard sessions.count < max(0, limit) else { return false }
        sessions.insert(wsi)
        return true
    }

    /// Sets what `wsi` must do by `deadline`, or clears it with nil.
    func expect(_ wsi: OpaquePointer, _ stage: Stage, by deadline: Double?) {
        guard entries[wsi] != nil else { return }
        entries[wsi]?.deadline = deadline
        entries[wsi]?.stage = stage
        if let deadline { nextDeadline = min(nextDeadline, deadline) }
    }

    /// The connections whose deadline passed at `now`, with what they missed;
    /// their deadlines are cleared so each is reported once.
    func expired(at now: Double) -> [(wsi: OpaquePointer, stage: Stage)] {
        guard now >= nextDeadline else { return [] }
        var due: [(wsi: OpaquePointer, stage: Stage)] = []
        var earliest = Double.infinity
        for (wsi, entry) in entries {
            guard let deadline = entry.deadline else { continue }
            if deadline <= now {
                due.append((wsi, entry.stage))
                entries[wsi]?.deadline = nil
            } else {
                earliest = min(earliest, deadline)
            }
        }
        nextDeadline = earliest
        return due
    }

    static func isLoopback(_ peer: String) -> Bool {
        peer.hasPrefix("127.") || peer == "::1" || peer.hasPrefix("::ffff:127.")
    }

    /// How many connections fit under the process's descriptor limit: every
    /// connection may need a second descriptor while it is sent a static file,
    /// and the process keeps `reserve` for itself (the event loop, logs,
    /// fixtures, the store, libdispatch).
    static func connectionCap(requested: Int, reserve: Int = 64) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return requested }
        // RLIM_INFINITY is all ones; clamping makes it "plenty".
        let descriptors = Int(clamping: limit.rlim_cur)
        return max(1, min(requested, (descriptors - reserve) / 2))
    }
}
