import Synchronization

/// What `mapwire_http_requests_total` tells requests apart by. Every value
/// comes from a small fixed set, never from what a client wrote, so a
/// scanner trying a million paths adds no series.
struct RequestLabels: Hashable, Sendable {
    /// One of `FrontEnvironment.knownMethods`, or `other` (unknown, or the head never parsed).
    var method = "other"
    /// The matched route's pattern (`/api/annotations/{id}`), `file` for the
    /// public folder, the WebSocket path for an opening, `none` when no route
    /// or file answers (a refusal before the path was read, a 404 under `/api/`).
    var route = "none"

    /// `method` as a label: the same string for a method this server knows.
    static func method(_ method: String) -> String {
        FrontEnvironment.knownMethods.contains(method) ? method : "other"
    }
}

/// Answered HTTP requests by method, route and status. Counted on the
/// service thread once per answer (not on the WebSocket frame path); read
/// when `/metrics` is.
final class HTTPRequestCounts: Sendable {
    struct Key: Hashable, Sendable {
        var labels: RequestLabels
        var status: Int
    }

    private let counts = Mutex<[Key: Int]>([:])

    init() {}

    func count(_ labels: RequestLabels, status: Int) {
        counts.withLock { $0[Key(labels: labels, status: status), default: 0] += 1 }
    }

    /// The counts now.
    var snapshot: [Key: Int] { counts.withLock { $0 } }
}
