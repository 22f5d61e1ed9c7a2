import Dispatch
import MapCore
import MapGeometry

/// The store as every session's shared annotation source: a session's map
/// asks it which annotations are near its viewport when it lays out, so the
/// world is indexed once (here, under the store's lock, updated by every add,
/// move and remove) instead of once per session.
extension AnnotationStore: SharedAnnotationSource {
    public func annotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        state.withLock { $0.grid.entries(in: rect) }
    }

    public func point(of annotation: Annotation) -> Point? {
        state.withLock { Self.point(of: AnnotationKey(annotation), in: $0) }
    }

    /// Every annotation maps show one by one (not the clustered ones).
    public var allAnnotations: [Annotation] { state.withLock { $0.grid.all } }

    package func clusterSnapshot() -> SharedClusterSnapshot? { clusterPublisher.snapshot }

    package var clusterEpoch: UInt64 { clusterPublisher.epoch }

    /// The store clusters exactly the annotations that carry a clustering identifier.
    package func clustersItself(_ annotation: Annotation) -> Bool {
        (annotation as? ClusterableAnnotation)?.clusteringIdentifier != nil
    }

    /// How many annotations the shared grid and clusterings hold (every record).
    package var indexedCount: Int { state.withLock { $0.grid.count + $0.clusters.count } }

    /// The annotations maps show one by one and the version they are
    /// current at: what a session reads when it starts or falls behind. The
    /// clustered ones it reads from the published epochs instead, so joining
    /// costs nothing per clustered annotation.
    package func unclusteredSnapshot() -> (annotations: [Annotation], version: UInt64) {
        state.withLock { s in (s.grid.all, s.version) }
    }

    /// Merges what changed in the clusterings into a new epoch now, and
    /// wakes the maps that show where it changed, each with the time the
    /// first move it shows was received (moves of clustered pins are not in
    /// the change log: the epoch is how maps see them, so it is what times
    /// their frames). Writes schedule this themselves a moment after they
    /// land; tests and start-up call it to have the epoch at once.
    package func publishClusters() {
        let (touched, published) = clusterPublisher.merging.withLock { _ in
            let began = Self.now()
            let (changes, touched) = state.withLock { $0.clusters.take() }
            // Every map that shows the changes waits for this merge, and on a busy machine its thread
            // also waits its turn for a core behind bulk work (the store's writer, other maps' frames).
            if Self.isUrgent(changes) {
                ThreadPriority.raised { clusterPublisher.publish(changes) }
            } else {
                clusterPublisher.publish(changes)
            }
            let published = Self.now()
            if !changes.isEmpty {
                if let oldest = touched.firstTime { metrics.clusterEpochWait.record(began - oldest) }
                metrics.clusterMerge.record(published - began)
            }
            return (touched, published)
        }
        if !touched.isEmpty { notify(touched, epochPublishedAt: published) }
    }

    /// Publishes the clusterings shortly, off the writer's thread: a burst
    /// of writes in the meantime lands in the same epoch.
    func scheduleClusterPublish() {
        clusterQueue.asyncAfter(deadline: .now() + clusterPublishDelay) { [weak self] in
            self?.publishClusters()
        }
    }

    /// How long writes gather before an epoch is merged, seconds. The next
    /// merge begins one display frame after the last one began; when that
    /// one took more than a third of a frame of CPU time, three times as
    /// long, up to two frames (so merging takes at most a third of a core
    /// under a steady feed, and a huge merge such as an import's does not
    /// hold the next back); and never sooner than `minimumClusterPublishDelay`
    /// from now. A small world's moves show at once; a busy feed makes one
    /// epoch a display frame, which is as often as a watching map can draw.
    /// The period counts from when the last merge began, not from the write
    /// that asks for the next, so a move waits at most one period for its epoch.
    var clusterPublishDelay: Double {
        Self.clusterPublishDelay(lastMerge: clusterPublisher.lastMergeCPUSeconds,
                                 sinceLastMergeBegan: clusterPublisher.secondsSinceLastMerge)
    }

    static func clusterPublishDelay(lastMerge: Double, sinceLastMergeBegan: Double) -> Double {
        let period = min(max(displayFrame, lastMerge * 3), 2 * displayFrame)
        return max(minimumClusterPublishDelay, period - sinceLastMergeBegan)
    }

    static let minimumClusterPublishDelay = 0.002
    /// Merges of up to this many changes run ahead of bulk work
    /// (`ThreadPriority`): a feed's epoch, not an import's.
    static let urgentMergeLimit = 20_000

    /// Whether a merge of `changes` runs ahead of bulk work: a feed's epoch
    /// does; an import's, bulk work itself, keeps its place.
    static func isUrgent(_ changes: [String: ClusterChanges]) -> Bool {
        changes.values.reduce(0) { $0 + $1.placed.count + $1.removed.count } <= urgentMergeLimit
    }

    static let displayFrame = 0.016
}
