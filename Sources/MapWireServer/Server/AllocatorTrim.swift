import Dispatch
import Synchronization

/// Hands the C allocator's free memory back to the system once connections
/// that made it hold a lot are gone.
///
/// What a closed connection freed (a producer's batches and answers, a map
/// session's views and scenes) stays in the allocator's arenas until it is
/// handed back (glibc's `malloc_trim`; jemalloc would wait for its pages to
/// decay): docs/performance.md, "Feed back-pressure" and "Memory after the
/// sessions close". The trim walks every arena, so it runs off the service
/// thread, a moment after the close that asked for it: the closes of a
/// burst (a producer's, a crowd of tabs) share the trim that follows.
final class AllocatorTrim: Sendable {
    /// One per process: the arenas are the process's.
    static let shared = AllocatorTrim()

    private let due = Mutex(false)
    /// How long after the first close of a burst the trim runs.
    let delay: Double
    private let trim: @Sendable () -> Void

    init(delay: Double = 1.0, trim: @escaping @Sendable () -> Void = { HeapAllocator.current.releaseFreeMemory() }) {
        self.delay = delay
        self.trim = trim
    }

    /// Trims `delay` from now on a background queue unless a trim is due
    /// already, then calls `done`; returns whether this close made one due
    /// (a close that did not has its trim in the one due).
    @discardableResult
    func afterClose(then done: @escaping @Sendable () -> Void = {}) -> Bool {
        let first = due.withLock { due -> Bool in
            guard !due else { return false }
            due = true
            return true
        }
        guard first else { return false }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) { [self] in
            due.withLock { $0 = false }
            trim()
            done()
        }
        return true
    }
}
