import MapCore
import MapGeometry

/// The store's side of its shared clusterings, kept in its state under its
/// lock: which slot each clustered annotation has, where each is now, and
/// what changed since the last epoch was published. Maps never read this;
/// they read the published epochs (`SharedClusterPublisher`).
struct SharedClusterWriter {
    /// One clustering identifier's members.
    private struct Group {
        let identifier: String
        /// Members' points, by slot.
        var points: [Point] = []
        var freeSlots: [UInt32] = []
        var pending = ClusterChanges()
    }

    /// Where a member is: its group's place in `groups`, and its slot there.
    /// The store keeps it in the member's record too, so a move finds its
    /// slot without a lookup in `members`.
    struct Member {
        let group: Int32
        let slot: UInt32
    }

    private var groups: [Group] = []
    private var groupOf: [String: Int] = [:]
    /// The group the last add went to: an import or a restore adds many of one identifier in a row.
    private var lastGroup: Int?
    private var members: [AnnotationKey: Member] = [:]
    /// Points changes were made at since the last publish, and when: maps
    /// showing them wake when it lands, and time their next frame by them.
    private var touched = TouchedPoints()
    /// Room for this many more members at the next add, for a restore or an import.
    private var capacityHint = 0
    /// Whether a publish is on its way for what is pending.
    var publishScheduled = false

    var count: Int { members.count }
    var hasPending: Bool { groups.contains { !$0.pending.isEmpty } }

    /// Only a hint: the tables grow at the first clustered add, so a world
    /// without clustered pins reserves nothing.
    mutating func reserveCapacity(_ n: Int) { capacityHint = n }

    func contains(_ key: AnnotationKey) -> Bool { !members.isEmpty && members[key] != nil }

    func point(of key: AnnotationKey) -> Point? {
        guard !members.isEmpty, let m = members[key] else { return nil }
        return groups[Int(m.group)].points[Int(m.slot)]
    }

    private mutating func group(for identifier: String) -> Int {
        if let g = lastGroup, groups[g].identifier == identifier { return g }
        let g: Int
        if let known = groupOf[identifier] {
            g = known
        } else {
            g = groups.count
            groups.append(Group(identifier: identifier))
            groupOf[identifier] = g
        }
        lastGroup = g
        return g
    }

    mutating func add(_ annotation: Annotation, identifier: String, at point: Point) -> Member {
        let key = AnnotationKey(annotation)
        if capacityHint > 0 {
            // Grown once for a bulk add, not by doubling and rehashing a million entries.
            members.reserveCapacity(members.count + capacityHint)
            touched.reserveCapacity(touched.points.count + capacityHint)
            let g = group(for: identifier)
            groups[g].points.reserveCapacity(groups[g].points.count + capacityHint)
            groups[g].pending.placed.reserveCapacity(groups[g].pending.placed.count + capacityHint)
            capacityHint = 0
        }
        if let known = members[key] { return known }
        let g = group(for: identifier)
        let slot: UInt32
        if let reused = groups[g].freeSlots.popLast() {
            slot = reused
            groups[g].points[Int(slot)] = point
        } else {
            slot = UInt32(groups[g].points.count)
            precondition(Int(slot) < SharedClusterIndex.slotLimit, "too many annotations for one clustering identifier")
            groups[g].points.append(point)
        }
        let member = Member(group: Int32(g), slot: slot)
        members[key] = member
        groups[g].pending.add(annotation, slot: slot, at: point)
        touched.append(point, receivedAt: nil)
        return member
    }

    /// Moves the clustered annotation at `m` (as `add` gave it), received at
    /// `time`; its point before.
    mutating func move(_ m: Member, to point: Point, receivedAt time: Double) -> Point {
        let (g, slot) = (Int(m.group), Int(m.slot))
        let from = groups[g].points[slot]
        groups[g].points[slot] = point
        groups[g].pending.move(slot: m.slot, to: point, from: from)
        touched.append(from, receivedAt: time)
        touched.append(point, receivedAt: time)
        return from
    }

    /// Removes a clustered annotation; its point, or nil when it is not clustered here.
    mutating func remove(_ key: AnnotationKey) -> Point? {
        guard !members.isEmpty, let m = members.removeValue(forKey: key) else { return nil }
        let g = Int(m.group)
        let from = groups[g].points[Int(m.slot)]
        groups[g].pending.remove(slot: m.slot, from: from)
        groups[g].freeSlots.append(m.slot)
        touched.append(from, receivedAt: nil)
        return from
    }

    /// What changed since the last publish, by identifier, and where and
    /// when; pending starts afresh.
    mutating func take() -> (changes: [String: ClusterChanges], touched: TouchedPoints) {
        var changes: [String: ClusterChanges] = [:]
        for g in groups.indices where !groups[g].pending.isEmpty {
            changes[groups[g].identifier] = groups[g].pending
            // Room for as many as this epoch had, up to a busy feed's: a table grown from nothing each epoch
            // is rehashed a dozen times on the way to a feed's thousands.
            groups[g].pending = ClusterChanges(reservingCapacity: min(groups[g].pending.placed.count, 4_096))
        }
        defer {
            touched = TouchedPoints()
            publishScheduled = false
            capacityHint = 0
        }
        return (changes, touched)
    }
}
