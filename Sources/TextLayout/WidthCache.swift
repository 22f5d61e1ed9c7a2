import Synchronization

/// Measured widths keyed by (text, size).
///
/// Labels are measured again every frame, and shaping is far slower than a
/// dictionary lookup. The cache is bounded so that a stream of one-off
/// strings (live titles, coordinates) cannot grow it without end: when it
/// passes `limit` entries it is simply emptied, which is cheap, and the
/// labels on screen refill it within a frame.
final class WidthCache: Sendable {
    private struct Key: Hashable {
        var text: String
        var size: Double
    }

    /// Largest number of entries kept before the cache is cleared.
    let limit: Int
    private let entries = Mutex<[Key: Double]>([:])

    init(limit: Int = 10_000) {
        self.limit = limit
    }

    /// Number of cached widths (for tests and metrics).
    var count: Int { entries.withLock { $0.count } }

    /// The cached width of `text` at `size`, or `measure()` stored for next
    /// time. `measure` runs outside the lock so that threads measuring
    /// different labels do not wait on one another's shaping.
    func width(of text: String, size: Double, measure: () -> Double) -> Double {
        let key = Key(text: text, size: size)
        if let cached = entries.withLock({ $0[key] }) {
            return cached
        }
        let width = measure()
        entries.withLock { entries in
            if entries.count >= limit {
                entries.removeAll(keepingCapacity: true)
            }
            entries[key] = width
        }
        return width
    }
}
