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
    /// Every annotation the source holds.
    var allAnnotations: [Annotation] { get }
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
