import Dispatch
import Synchronization

#if canImport(Glibc)
import CMalloc
#endif

/// Hands the C allocator's free memory back to the system once a connection
/// that made it hold a lot is gone.
///
/// A producer's batches and answers are freed when its feed closes, but
/// glibc keeps the pages in its arenas: after a producer that never read
/// 300 answers of 5,000 moves closed, the server stayed at 176 MB resident
/// until `malloc_trim` brought it to 81 MB (docs/performance.md, "Feed
/// back-pressure"). The trim walks every arena, so it runs off the service
/// thread and at most once every few seconds.
final class AllocatorTrim: Sendable {
    /// One per process: the arenas are the process's.
    static let shared = AllocatorTrim()

    private let lastTrim = Mutex<Double>(-.infinity)
    /// Closes in a burst share one trim.
    let minimumInterval: Double

    init(minimumInterval: Double = 2.0) {
        self.minimumInterval = minimumInterval
    }

    /// Trims soon on a background queue, unless a trim ran moments ago;
    /// returns whether one was started.
    @discardableResult
    func afterLargeClose(now: Double) -> Bool {
        let due = lastTrim.withLock { last -> Bool in
            guard now - last >= minimumInterval else { return false }
            last = now
            return true
        }
        #if canImport(Glibc)
        if due { DispatchQueue.global(qos: .utility).async { _ = malloc_trim(0) } }
        #endif
        return due
    }
}
