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
        state.withLock { $0.grid.point(of: AnnotationKey(annotation)) }
    }

    public var allAnnotations: [Annotation] { snapshot().annotations }

    /// How many annotations the shared grid holds (every record).
    package var indexedCount: Int { state.withLock { $0.grid.count } }
}
