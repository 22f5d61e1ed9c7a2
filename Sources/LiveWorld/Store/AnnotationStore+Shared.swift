import Dispatch
import MapCore
import MapGeometry

/// The store as every session's shared annotation source: a session's map
/// asks it which annotations are near its viewport when it lays out, so the
/// world is indexed once (here, under the store's lock, updated by every add,
/// move and remove) instead of once per session.
extension AnnotationStore: SharedAnnotationSource {
    /// The annotations whose current point lies in `rect`, with that point:
    /// every one maps show one by one (not those clustered by an identifier).
    public func annotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        state.withLock { $0.grid.entries(in: rect) + $0.pins.entries(in: rect) }
    }

    /// An app's own annotations in the shared world (not API pins), near `rect`.
    package func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        state.withLock { $0.grid.entries(in: rect) }
    }

    package func unclusteredPins(in rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? {
        state.withLock { $0.pins.entries(in: rect, limit: limit) }
    }

    package func unclusteredPinCountAtMost(in rect: Rect) -> Int {
        state.withLock { $0.pins.countAtMost(in: rect) }
    }

    public func point(of annotation: Annotation) -> Point? {
        state.withLock { Self.point(of: AnnotationKey(annotation), in: $0) }
    }

    /// Every annotation maps show one by one (not the clustered ones).
    public var allAnnotations: [Annotation] { state.withLock { $0.grid.all + $0.pins.all } }

    package func clusterSnapshot() -> SharedClusterSnapshot? { clusterPublisher.snapshot }

    package var clusterEpoch: UInt64 { clusterPublisher.epoch }

    package var identifiedClusterEpoch: UInt64 { clusterPublisher.identifiedEpoch }

    /// The store clusters exactly the annotations that carry a clustering identifier.
    package func clustersItself(_ annotation: Annotation) -> Bool {
        (annotation as? ClusterableAnnotation)?.clusteringIdentifier != nil
    }

    /// API pins (`ClusterableAnnotation`s): clustered by their identifier,
    /// or unclustered pins without one; an app's own annotations in the
    /// world are left to each map's delegate.
    package func decidesClustering(of annotation: Annotation) -> Bool {
        annotation is ClusterableAnnotation
    }

    /// How many annotations the shared grids and clusterings hold (every record).
    package var indexedCount: Int { state.withLock { $0.grid.count + $0.pins.count + $0.clusters.count } }

    /// The annotations maps show one by one and ask their delegate about
    /// (an app's own in the world), and the version they are current at:
    /// what a session reads when it starts or falls behind. The API's pins
    /// it reads near its viewport, and the clustered ones from the published
    /// epochs, so joining costs nothing per pin of the API.
    package func delegatedSnapshot() -> (annotations: [Annotation], version: UInt64) {
        state.withLock { s in (s.grid.all, s.version) }
    }

    /// Merges what changed in the clusterings into a new epoch now, and
    /// wakes the maps that show where it changed, each with the time the
    /// first move it shows was received (moves of clustered pins are not in
    /// the change log: the epoch is how maps see them, so it is what times
    /// their frames). Writes schedule this themselves a moment after they
    /// land; tests, benchmarks and start-up call it to have the epoch at
    /// once. It runs on the clustering queue, behind a merge a write queued
    /// there, so the epoch is out and its maps woken when it returns.
    package func publishClusters() {
        clusterQueue.sync { mergeClusterChanges() }
    }

    /// `publishClusters` on the clustering queue. Every merge takes what
    /// the timers armed before it were for, so it outdates them.
    private func mergeClusterChanges() {
        clusterPublishTimer.add(1, ordering: .relaxed)
        let (touched, unclusteredTouched, published) = clusterPublisher.merging.withLock { _ in
            let began = Self.now()
            let (changes, touched, unclustered, unclusteredTouched) = state.withLock { $0.clusters.take() }
            // Every map that shows the changes waits for this merge, and on a busy machine its thread
            // also waits its turn for a core behind bulk work (the store's writer, other maps' frames).
            if Self.isUrgent(changes, unclustered: unclustered) {
                ThreadPriority.raised { clusterPublisher.publish(changes, unclustered: unclustered) }
            } else {
                clusterPublisher.publish(changes, unclustered: unclustered)
            }
            let published = Self.now()
            if !changes.isEmpty || unclustered != nil {
                if let oldest = touched.firstTime { metrics.clusterEpochWait.record(began - oldest) }
                metrics.clusterMerge.record(published - began)
            }
            return (touched, unclusteredTouched, published)
        }
        if !touched.isEmpty { notify(touched, epochPublishedAt: published) }
        if !unclusteredTouched.isEmpty { notify(unclusteredTouched, epochPublishedAt: published, gatheringOnly: true) }
    }

    /// Sees that the changes a write left waiting get merged, off the
    /// writer's thread. The first write to wait arms a timer for the end of
    /// the period (`clusterPublishDelay`); and a write that lands when the
    /// last merge began at least `earlyMergeShare` of a period ago has the
    /// merge begin at once, which outdates the timer. A feed that sends a
    /// batch every few milliseconds thus has each epoch begin just after a
    /// batch lands: its oldest move waited one gap between batches, where a
    /// merge at a fixed time, falling anywhere between two batches, left it
    /// waiting up to a gap more. A trickle of writes still gets one epoch a
    /// period, and a lone write after a quiet while is merged at once.
    func scheduleClusterPublish(_ left: ClusterChangesLeft) {
        guard left != .none else { return }
        if left == .first {
            let timer = clusterPublishTimer.add(1, ordering: .relaxed).newValue
            clusterQueue.asyncAfter(deadline: .now() + clusterPublishDelay) { [weak self] in
                guard let self, clusterPublishTimer.load(ordering: .relaxed) == timer else { return }
                mergeClusterChanges()
            }
        }
        guard mergesAtOnce,
            earlyClusterPublishQueued.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        clusterQueue.async { [weak self] in
            guard let self else { return }
            earlyClusterPublishQueued.store(false, ordering: .relaxed)
            // A merge that began while this one waited for the queue took the changes; the timer armed
            // since covers the rest.
            guard mergesAtOnce else { return }
            mergeClusterChanges()
        }
    }

    /// How long writes gather before an epoch is merged, seconds. The next
    /// merge begins one display frame after the last one began; when that
    /// one took more than a third of a frame of CPU time, three times as
    /// long, up to two frames (so merging takes at most a third of a core
    /// under a steady feed, and a huge merge such as an import's does not
    /// hold the next back). A busy feed makes one epoch a display frame,
    /// which is as often as a watching map can draw. The period counts from
    /// when the last merge began, not from the write that asks for the
    /// next, so a move waits at most one period for its epoch.
    var clusterPublishDelay: Double {
        Self.clusterPublishDelay(
            lastMerge: clusterPublisher.lastMergeCPUSeconds,
            sinceLastMergeBegan: clusterPublisher.secondsSinceLastMerge, frame: clusterFrame)
    }

    static func clusterPublishDelay(
        lastMerge: Double, sinceLastMergeBegan: Double,
        frame: Double = displayFrame
    ) -> Double {
        max(0, clusterPublishPeriod(lastMerge: lastMerge, frame: frame) - sinceLastMergeBegan)
    }

    /// Whether a write landing now has the merge begin at once.
    var mergesAtOnce: Bool {
        Self.mergesAtOnce(
            lastMerge: clusterPublisher.lastMergeCPUSeconds,
            sinceLastMergeBegan: clusterPublisher.secondsSinceLastMerge, frame: clusterFrame)
    }

    static func mergesAtOnce(lastMerge: Double, sinceLastMergeBegan: Double, frame: Double = displayFrame) -> Bool {
        sinceLastMergeBegan >= earlyMergeShare * clusterPublishPeriod(lastMerge: lastMerge, frame: frame)
    }

    /// The time from one merge's start to the next under a steady stream of writes.
    static func clusterPublishPeriod(lastMerge: Double, frame: Double = displayFrame) -> Double {
        min(max(frame, lastMerge * 3), 2 * frame)
    }

    /// How much of a period must have passed since the last merge began
    /// for a write to have the next begin at once. Under a feed batching
    /// more often than a period, epochs stay about a period apart: the
    /// first batch past this share of it starts one.
    static let earlyMergeShare = 0.75

    /// Merges of up to this many changes run ahead of bulk work
    /// (`ThreadPriority`): a feed's epoch, not an import's.
    static let urgentMergeLimit = 20_000

    /// Whether a merge of `changes` runs ahead of bulk work: a feed's epoch
    /// does; an import's, bulk work itself, keeps its place.
    static func isUrgent(_ changes: [String: ClusterChanges], unclustered: ClusterChanges? = nil) -> Bool {
        let unclusteredCount = unclustered.map { $0.placed.count + $0.removed.count } ?? 0
        return changes.values.reduce(unclusteredCount) { $0 + $1.placed.count + $1.removed.count } <= urgentMergeLimit
    }

    static let displayFrame = 0.016
}

/// What a write left for the shared clusterings' next merge.
enum ClusterChangesLeft {
    /// No clustered change waits.
    case none
    /// The first change to wait since the last merge: its write arms the timer.
    case first
    /// Changes that join ones already waiting.
    case more
}
