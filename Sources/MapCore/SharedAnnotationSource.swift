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
    /// The annotations whose current world point lies in `rect`, with that point.
    func annotations(in rect: Rect) -> [(annotation: Annotation, point: Point)]
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
    /// Whether the source clusters `annotation` itself (a map then neither
    /// shows it one by one nor asks its delegate to cluster it). Answered
    /// without a lock from what the annotation is.
    func clustersItself(_ annotation: Annotation) -> Bool
}

extension SharedAnnotationSource {
    package func clusterSnapshot() -> SharedClusterSnapshot? { nil }
    package var clusterEpoch: UInt64 { 0 }
    package func clustersItself(_ annotation: Annotation) -> Bool { false }
}

/// Every clustering identifier's shared clustering at one moment, as maps read it.
package final class SharedClusterSnapshot: Sendable {
    /// By clustering identifier.
    package let indexes: [String: SharedClusterIndex]
    /// Bumped by every change a snapshot is made for.
    package let epoch: UInt64

    package init(indexes: [String: SharedClusterIndex] = [:], epoch: UInt64 = 0) {
        self.indexes = indexes
        self.epoch = epoch
    }

    /// How many annotations it clusters.
    package var count: Int { indexes.values.reduce(0) { $0 + $1.count } }
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

    package func annotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        index.withLock { $0.entries(in: rect) }
    }

    package func point(of annotation: Annotation) -> Point? {
        index.withLock { $0.point(of: AnnotationKey(annotation)) }
    }

    package var allAnnotations: [Annotation] { index.withLock { $0.all } }
}
