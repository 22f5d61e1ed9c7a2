import MapCore
import MapGeometry

/// The store's side of its shared clusterings, kept in its state under its
/// lock: which slot each clustered annotation has, where each is now, and
/// what changed since the last epoch was published. Maps never read this;
/// they read the published epochs (`SharedClusterPublisher`).
struct SharedClusterWriter {
    struct Member {
        let identifier: String
        let slot: UInt32
    }

    private var members: [AnnotationKey: Member] = [:]
    /// Each identifier's members' points, by slot.
    private var points: [String: [Point]] = [:]
    private var freeSlots: [String: [UInt32]] = [:]
    private var pending: [String: ClusterChanges] = [:]
    /// Points changes were made at since the last publish: maps showing them wake when it lands.
    private var touched: [Point] = []
    /// Whether a publish is on its way for what is pending.
    var publishScheduled = false

    var count: Int { members.count }
    var hasPending: Bool { !pending.isEmpty }

    mutating func reserveCapacity(_ n: Int) { members.reserveCapacity(n) }

    func contains(_ key: AnnotationKey) -> Bool { !members.isEmpty && members[key] != nil }

    func point(of key: AnnotationKey) -> Point? {
        guard !members.isEmpty, let m = members[key] else { return nil }
        return points[m.identifier]?[Int(m.slot)]
    }

    mutating func add(_ annotation: Annotation, identifier: String, at point: Point) {
        let key = AnnotationKey(annotation)
        guard members[key] == nil else { return }
        let slot: UInt32
        if let reused = freeSlots[identifier]?.popLast() {
            slot = reused
            points[identifier, default: []][Int(slot)] = point
        } else {
            slot = UInt32(points[identifier]?.count ?? 0)
            precondition(Int(slot) < SharedClusterIndex.slotLimit, "too many annotations for one clustering identifier")
            points[identifier, default: []].append(point)
        }
        members[key] = Member(identifier: identifier, slot: slot)
        pending[identifier, default: ClusterChanges()].add(annotation, slot: slot, at: point)
        touched.append(point)
    }

    /// Moves a clustered annotation; its point before, or nil when it is not clustered here.
    mutating func move(_ key: AnnotationKey, to point: Point) -> Point? {
        guard !members.isEmpty, let m = members[key], let from = points[m.identifier]?[Int(m.slot)] else { return nil }
        points[m.identifier]?[Int(m.slot)] = point
        pending[m.identifier, default: ClusterChanges()].move(slot: m.slot, to: point)
        touched.append(from)
        touched.append(point)
        return from
    }

    /// Removes a clustered annotation; its point, or nil when it is not clustered here.
    mutating func remove(_ key: AnnotationKey) -> Point? {
        guard !members.isEmpty, let m = members.removeValue(forKey: key),
              let from = points[m.identifier]?[Int(m.slot)] else { return nil }
        pending[m.identifier, default: ClusterChanges()].remove(slot: m.slot)
        freeSlots[m.identifier, default: []].append(m.slot)
        touched.append(from)
        return from
    }

    /// What changed since the last publish, and where; pending starts afresh.
    mutating func take() -> (changes: [String: ClusterChanges], touched: [Point]) {
        defer {
            pending = [:]
            touched = []
            publishScheduled = false
        }
        return (pending, touched)
    }
}
