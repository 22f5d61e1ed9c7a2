/// Views waiting to be handed out again, per reuse identifier, with the counts
/// tests and `/metrics` read.
public struct ReuseQueue {
    /// How many views were made, handed out again, and are on the map now.
    public struct Counts: Hashable, Sendable {
        public var created = 0
        public var reused = 0
        public var live = 0
        public var queued = 0
        public init() {}
    }

    private var queues: [String: [AnnotationView]] = [:]
    public private(set) var counts = Counts()

    public init() {}

    /// A queued view for `identifier`, already reset with `prepareForReuse()`.
    mutating func dequeue(_ identifier: String) -> AnnotationView? {
        guard var queue = queues[identifier], let view = queue.popLast() else { return nil }
        queues[identifier] = queue
        counts.reused += 1
        counts.queued -= 1
        return view
    }

    /// Parks a view that left the map; views without an identifier are dropped.
    mutating func enqueue(_ view: AnnotationView) {
        counts.live -= 1
        guard let id = view.reuseIdentifier else { return }
        view.prepareForReuse()
        view.annotation = nil
        queues[id, default: []].append(view)
        counts.queued += 1
    }

    mutating func noteCreated() { counts.created += 1 }
    mutating func noteLive() { counts.live += 1 }
}
