/// Views waiting to be handed out again, per reuse identifier, with the counts
/// tests and `/metrics` read.
///
/// Public for its `Counts`, which sessions report; the queue itself belongs
/// to the map.
package struct ReuseQueue {
    /// How many annotation views a map made, handed out again, and holds:
    /// what shows that reuse keeps a map's views bounded by the screen.
    package struct Counts: Hashable, Sendable {
        /// Views made because none of the kind was queued.
        package var created = 0
        /// Views handed out again from the queue.
        package var reused = 0
        /// Views on the map now.
        package var live = 0
        /// Views waiting in the queue.
        package var queued = 0
        /// All counts at zero.
        package init() {}
    }

    private var queues: [String: [AnnotationView]] = [:]
    package private(set) var counts = Counts()

    package init() {}

    /// A queued view for `identifier`, already reset with `prepareForReuse()`.
    mutating func dequeue(_ identifier: String) -> AnnotationView? {
        // In place: a copy of the queue out of the table retained every view in it, and let them all go again.
        guard let view = queues[identifier]?.popLast() else { return nil }
        counts.reused += 1
        counts.queued -= 1
        // As MapKit: reset when taken from the queue, just before reuse.
        view.prepareForReuse()
        return view
    }

    /// Parks a view that left the map; views without an identifier are dropped.
    mutating func enqueue(_ view: AnnotationView) {
        counts.live -= 1
        guard let id = view.reuseIdentifier else { return }
        view.annotation = nil
        queues[id, default: []].append(view)
        counts.queued += 1
    }

    mutating func noteCreated() { counts.created += 1 }
    mutating func noteLive() { counts.live += 1 }
}

extension MapView {
    /// The identifier of the map's default annotation view
    /// (`MKMapViewDefaultAnnotationViewReuseIdentifier`): register a class for
    /// it and every annotation the delegate gives no view gets one of those.
    public static let defaultAnnotationViewReuseIdentifier = "mapwire.default"
}
