import MapCore
import MapGeometry
import Synchronization

/// A session as the annotation store sees it: the world rect it shows (plus
/// a margin), published by the session whenever its camera changes, and a
/// wake-up that hops onto the session's queue at most once until the session
/// has caught up. Both are safe to touch from any thread, so the store can
/// decide who to wake without touching any session's state.
package final class LiveSubscriber: Sendable {
    private let viewport = Mutex<Rect?>(nil)
    private let pending = Atomic<Bool>(false)
    private let gathers = Atomic<Bool>(false)
    private let readThrough = Atomic<UInt64>(0)
    /// When the store received the oldest move the session's frames have
    /// not shown yet of the cluster epochs that touched its viewport, and
    /// when the first of those epochs was published (store clock).
    private let epochChanges = Mutex<EpochChangesTime?>(nil)
    private let onWake: @Sendable () -> Void
    /// The session's reuse counters as of its last frame, for `/metrics`
    /// without hopping onto (and waiting behind) every session's queue.
    package let reuseCounts = Mutex(ReuseQueue.Counts())

    package init(onWake: @escaping @Sendable () -> Void) {
        self.onWake = onWake
    }

    /// Sets the rect the session shows; nil before its first frame.
    package func publish(_ rect: Rect?) {
        viewport.withLock { $0 = rect }
    }

    var publishedRect: Rect? { viewport.withLock { $0 } }

    /// Whether the session's map gathers the unclustered pins, which only
    /// then needs their epochs: set by the session after each frame.
    package var gathersUnclustered: Bool {
        get { gathers.load(ordering: .acquiring) }
        set { gathers.store(newValue, ordering: .releasing) }
    }

    /// The change log's version the session has read through: the log keeps
    /// what some session has yet to read, and lets the rest go.
    package var readVersion: UInt64 { readThrough.load(ordering: .acquiring) }

    /// Tells the store the session has read the change log through `version`.
    package func didRead(through version: UInt64) {
        readThrough.store(version, ordering: .releasing)
    }

    /// Called on the session's queue when it starts catching up: later
    /// changes may wake it again.
    package func didWake() {
        pending.store(false, ordering: .releasing)
    }

    /// Wakes the session when one of `touched`'s points (whose bounding box
    /// is `bounds`) lies in its viewport and no wake-up is pending. Returns
    /// whether it woke it. The time of the first point it shows, if it has
    /// one (a cluster epoch's move), is kept for `takeEpochChangesTime` with
    /// `published` (when the epoch was, `now` if not given), whether the
    /// session is woken now or already was.
    @discardableResult
    func wakeIfShowing(
        _ touched: TouchedPoints, within bounds: Rect,
        epochPublishedAt published: Double? = nil
    ) -> Bool {
        // A pending wake-up with an epoch's time already kept needs nothing more: that time is older.
        let isPending = pending.load(ordering: .acquiring)
        if isPending, !touched.hasTimes || epochChanges.withLock({ $0 != nil }) { return false }
        // The viewport is the camera's, in whatever copy of the world it looks at; the points are as stored.
        guard let rect = viewport.withLock({ $0 }), WorldWrap.intersects(rect, bounds.insetBy(dx: -1, dy: -1))
        else { return false }
        let (shows, time) = touched.firstTime(in: rect)
        guard shows else { return false }
        if let time {
            let published = published ?? AnnotationStore.now()
            epochChanges.withLock { kept in
                kept = EpochChangesTime(
                    receivedAt: min(kept?.receivedAt ?? time, time),
                    publishedAt: min(kept?.publishedAt ?? published, published))
            }
        }
        guard !isPending else { return false }
        guard pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return false
        }
        onWake()
        return true
    }

    /// Wakes the session when its viewport meets `rect` (a shape's bounds,
    /// before or after a change) and no wake-up is pending.
    func wakeIfMeets(_ rect: Rect) {
        guard !pending.load(ordering: .acquiring), let shown = viewport.withLock({ $0 }),
            WorldWrap.intersects(shown, rect.insetBy(dx: -1, dy: -1)),
            pending.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        onWake()
    }

    /// The oldest epoch change kept since the last call, if any: the
    /// session's next frame shows it.
    package func takeEpochChangesTime() -> EpochChangesTime? {
        epochChanges.withLock { t in
            defer { t = nil }
            return t
        }
    }
}

/// When the oldest cluster-epoch move a session has yet to show reached
/// the store, and when the first epoch holding such moves was published
/// (store clock).
package struct EpochChangesTime: Equatable {
    package var receivedAt: Double
    package var publishedAt: Double
}
