import MapGeometry
import Synchronization

/// Annotations that many maps show at once, kept once for all of them: a
/// live world that every session looks at. A map with a source
/// (`MapView.sharedAnnotations`) asks it what lies near its viewport when it
/// lays out its views, so a map holds per-annotation state only for what it
/// shows (views, glides), not for every annotation of the world.
///
/// A source is read from every map's thread while it is written from others,
/// so it answers under its own lock. It does not push changes at maps: the
/// app tells a map what changed (`sharedAnnotationsDidAdd`,
/// `sharedAnnotationsDidRemove`, `annotationDidMove`) when it catches up.
package protocol SharedAnnotationSource: AnyObject, Sendable {
    /// The annotations whose current world point lies in `rect`, with that
    /// point: those maps show one by one and ask their delegate to cluster,
    /// not those whose clustering the source decides (`decidesClustering(of:)`).
    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)]
    /// The annotations without a clustering identifier whose clustering the
    /// source decides, whose current world point lies in `rect`, with that
    /// point; nil as soon as more than `limit` lie there. A map shows them one
    /// by one while they are few enough near its viewport, and otherwise
    /// gathers them from `SharedClusterSnapshot.unclustered`.
    func unclusteredPins(in rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]?
    /// At least as many unclustered pins as lie in `rect`, told cheaply
    /// (from counts the source keeps): a pan that stays well under a map's
    /// limit need not ask for them all.
    func unclusteredPinCountAtMost(in rect: Rect) -> Int
    /// The current world point of `annotation`; nil when the source does not hold it.
    func point(of annotation: Annotation) -> Point?
    /// Every annotation the source holds that maps show one by one (not
    /// those it clusters itself).
    var allAnnotations: [Annotation] { get }
    /// The source's own clusterings now: annotations that carry a clustering
    /// identifier, clustered once for every map. Nil: it clusters nothing.
    func clusterSnapshot() -> SharedClusterSnapshot?
    /// The epoch of the newest snapshot; cheap, so a map can ask every frame.
    var clusterEpoch: UInt64 { get }
    /// The epoch of the newest snapshot that changed a clustering with an
    /// identifier (not only `unclustered`): what a map that gathers no
    /// unclustered pins follows. Cheap, as `clusterEpoch`.
    var identifiedClusterEpoch: UInt64 { get }
    /// Whether the source clusters `annotation` itself (a map then neither
    /// shows it one by one nor asks its delegate to cluster it). Answered
    /// without a lock from what the annotation is.
    func clustersItself(_ annotation: Annotation) -> Bool
    /// Whether the source decides how `annotation` clusters: it clusters
    /// the ones with an identifier itself, and the others are unclustered
    /// pins (`unclusteredPins(in:limit:)`). A map does not ask its delegate
    /// about them: a million of them cannot be asked about in every session.
    /// Answered without a lock from what the annotation is.
    func decidesClustering(of annotation: Annotation) -> Bool
}

extension SharedAnnotationSource {
    package func unclusteredPins(in rect: Rect, limit: Int) -> [(annotation: Annotation, point: Point)]? { [] }
    package func unclusteredPinCountAtMost(in rect: Rect) -> Int { 0 }
    package func clusterSnapshot() -> SharedClusterSnapshot? { nil }
    package var clusterEpoch: UInt64 { 0 }
    package var identifiedClusterEpoch: UInt64 { clusterEpoch }
    package func clustersItself(_ annotation: Annotation) -> Bool { false }
    package func decidesClustering(of annotation: Annotation) -> Bool { clustersItself(annotation) }
}

/// Every clustering identifier's shared clustering at one moment, as maps
/// read it, and the unclustered pins indexed the same way, for maps that
/// have more of them near their viewport than they show one by one.
package final class SharedClusterSnapshot: Sendable {
    /// By clustering identifier.
    package let indexes: [String: SharedClusterIndex]
    /// The pins without a clustering identifier whose clustering the source
    /// decides (`SharedAnnotationSource.unclusteredPins(in:limit:)`).
    package let unclustered: SharedClusterIndex?
    /// Bumped by every change a snapshot is made for.
    package let epoch: UInt64

    package init(
        indexes: [String: SharedClusterIndex] = [:], unclustered: SharedClusterIndex? = nil,
        epoch: UInt64 = 0
    ) {
        self.indexes = indexes
        self.unclustered = unclustered
        self.epoch = epoch
    }

    /// How many annotations it clusters (not the unclustered pins).
    package var count: Int { indexes.values.reduce(0) { $0 + $1.count } }

    /// The index of clustering `id`.
    package func index(of id: SharedClusteringID) -> SharedClusterIndex? {
        switch id {
        case let .identifier(identifier): indexes[identifier]
        case .unclustered: unclustered
        }
    }

    /// The non-empty clusterings a map shows, in a fixed order: every
    /// identifier's, and the unclustered pins' when the map gathers them.
    package func shown(gatheringUnclustered: Bool) -> [(id: SharedClusteringID, index: SharedClusterIndex)] {
        var out: [(id: SharedClusteringID, index: SharedClusterIndex)] = []
        out.reserveCapacity(indexes.count + 1)
        for identifier in indexes.keys.sorted() {
            if let index = indexes[identifier], index.count > 0 { out.append((.identifier(identifier), index)) }
        }
        if gatheringUnclustered, let unclustered, unclustered.count > 0 { out.append((.unclustered, unclustered)) }
        return out
    }
}

/// Which of a snapshot's clusterings: one identifier's, or the unclustered
/// pins gathered where a map has too many of them to show one by one. Kept
/// apart from the identifiers, so that no identifier an app or the API
/// chooses can be taken for the unclustered pins.
package enum SharedClusteringID: Hashable, Sendable {
    case identifier(String)
    case unclustered

    /// What the clusters of this clustering answer as `ClusterAnnotation.clusteringIdentifier`.
    var clusteringIdentifier: String {
        switch self {
        case let .identifier(identifier): identifier
        case .unclustered: ClusterAnnotation.unclusteredIdentifier
        }
    }
}

/// The default shared source: an `AnnotationIndex` behind a lock, written by
/// whoever owns the annotations (add, move, remove) and read by every map.
package final class SharedAnnotationIndex: SharedAnnotationSource {
    private let index = Mutex(AnnotationIndex())

    package init(_ annotations: [Annotation] = []) {
        index.withLock { i in
            for a in annotations { i.insert(a) }
        }
    }

    /// How many annotations it holds.
    package var count: Int { index.withLock { $0.count } }

    /// Adds `annotation` at its coordinate's point.
    package func add(_ annotation: Annotation) {
        index.withLock { $0.insert(annotation) }
    }

    /// Re-reads `annotation`'s coordinate after it moved (adds it if it was not held).
    package func move(_ annotation: Annotation) {
        index.withLock { $0.update(annotation) }
    }

    /// Drops `annotation`.
    package func remove(_ annotation: Annotation) {
        index.withLock { $0.remove(AnnotationKey(annotation)) }
    }

    package func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        index.withLock { $0.entries(in: rect) }
    }

    package func point(of annotation: Annotation) -> Point? {
        index.withLock { $0.point(of: AnnotationKey(annotation)) }
    }

    package var allAnnotations: [Annotation] { index.withLock { $0.all } }
}
