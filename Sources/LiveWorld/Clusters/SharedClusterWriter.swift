import MapCore
import MapGeometry

/// The store's side of its shared clusterings, kept in its state under its
/// lock: which slot each clustered annotation has, where each is now, and
/// what changed since the last epoch was published. Maps never read this;
/// they read the published epochs (`SharedClusterPublisher`).
///
/// The unclustered pins (no clustering identifier) are indexed here too, as
/// one more clustering apart from the identifiers', for the maps that have
/// too many of them near their viewport to show one by one. Their slots are
/// kept in their records only: the store finds them by the grid.
struct SharedClusterWriter {
    /// One clustering identifier's members.
    private struct Group {
        let identifier: String
        /// Members' points, by slot.
        var points: [Point] = []
        var freeSlots: [UInt32] = []
        var pending = ClusterChanges()
    }

    /// Where a member is: its group's place in `groups` (`unclusteredGroup`
    /// for the unclustered pins), and its slot there. The store keeps it in
    /// the member's record too, so a move finds its slot without a lookup in
    /// `members`.
    struct Member {
        let group: Int32
        let slot: UInt32

        var isUnclustered: Bool { group == SharedClusterWriter.unclusteredGroup }
    }

    static let unclusteredGroup: Int32 = -1

    private var groups: [Group] = []
    private var unclustered = Group(identifier: ClusterAnnotation.unclusteredIdentifier)
    private var groupOf: [String: Int] = [:]
    /// The group the last add went to: an import or a restore adds many of one identifier in a row.
    private var lastGroup: Int?
    private var members: [AnnotationKey: Member] = [:]
    /// Points changes were made at since the last publish, and when: maps
    /// showing them wake when it lands, and time their next frame by them.
    private var touched = TouchedPoints()
    /// The same for the unclustered pins: only maps that gather them need
    /// their epochs, the others hear of their changes from the change log.
    private var unclusteredTouched = TouchedPoints()
    /// Room for this many more members at the next add, for a restore or an import.
    private var capacityHint = 0
    /// Whether a publish is on its way for what is pending.
    var publishScheduled = false

    /// How many annotations it clusters (not the unclustered pins).
    var count: Int { members.count }
    var hasPending: Bool { !unclustered.pending.isEmpty || groups.contains { !$0.pending.isEmpty } }

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
            let g = group(for: identifier)
            Self.reserve(capacityHint, in: &groups[g], touched: &touched)
            capacityHint = 0
        }
        if let known = members[key] { return known }
        let g = group(for: identifier)
        let member = Member(group: Int32(g), slot: Self.add(annotation, at: point, to: &groups[g], touched: &touched))
        members[key] = member
        return member
    }

    /// Indexes an unclustered pin; its record keeps the member it gets.
    mutating func addUnclustered(_ annotation: Annotation, at point: Point) -> Member {
        if capacityHint > 0 {
            Self.reserve(capacityHint, in: &unclustered, touched: &unclusteredTouched)
            capacityHint = 0
        }
        return Member(
            group: Self.unclusteredGroup,
            slot: Self.add(
                annotation, at: point, to: &unclustered,
                touched: &unclusteredTouched))
    }

    private static func reserve(_ n: Int, in group: inout Group, touched: inout TouchedPoints) {
        touched.reserveCapacity(touched.points.count + n)
        group.points.reserveCapacity(group.points.count + n)
        group.pending.placed.reserveCapacity(group.pending.placed.count + n)
    }

    /// Gives `annotation` a slot in `group` at `point`; the slot.
    private static func add(
        _ annotation: Annotation, at point: Point, to group: inout Group,
        touched: inout TouchedPoints
    ) -> UInt32 {
        let slot: UInt32
        if let reused = group.freeSlots.popLast() {
            slot = reused
            group.points[Int(slot)] = point
        } else {
            slot = UInt32(group.points.count)
            precondition(Int(slot) < SharedClusterIndex.slotLimit, "too many annotations for one clustering")
            group.points.append(point)
        }
        group.pending.add(annotation, slot: slot, at: point)
        touched.append(point, receivedAt: nil)
        return slot
    }

    /// Moves the annotation at `m` (as `add` or `addUnclustered` gave it),
    /// received at `time`; its point before. An unclustered pin's move is
    /// timed by the change log, which has it too.
    mutating func move(_ m: Member, to point: Point, receivedAt time: Double) -> Point {
        if m.isUnclustered {
            return Self.move(m.slot, to: point, in: &unclustered, receivedAt: nil, &unclusteredTouched)
        }
        return Self.move(m.slot, to: point, in: &groups[Int(m.group)], receivedAt: time, &touched)
    }

    private static func move(
        _ slot: UInt32, to point: Point, in group: inout Group, receivedAt time: Double?,
        _ touched: inout TouchedPoints
    ) -> Point {
        let from = group.points[Int(slot)]
        group.points[Int(slot)] = point
        group.pending.move(slot: slot, to: point, from: from)
        touched.append(from, receivedAt: time)
        touched.append(point, receivedAt: time)
        return from
    }

    /// Removes a clustered annotation; its point, or nil when it is not clustered here.
    mutating func remove(_ key: AnnotationKey) -> Point? {
        guard !members.isEmpty, let m = members.removeValue(forKey: key) else { return nil }
        return Self.remove(m.slot, from: &groups[Int(m.group)], &touched)
    }

    /// Removes the unclustered pin at `m` (as `addUnclustered` gave it); its point.
    @discardableResult
    mutating func removeUnclustered(_ m: Member) -> Point {
        Self.remove(m.slot, from: &unclustered, &unclusteredTouched)
    }

    private static func remove(_ slot: UInt32, from group: inout Group, _ touched: inout TouchedPoints) -> Point {
        let from = group.points[Int(slot)]
        group.pending.remove(slot: slot, from: from)
        group.freeSlots.append(slot)
        touched.append(from, receivedAt: nil)
        return from
    }

    /// What changed since the last publish: by identifier, and where and
    /// when; the unclustered pins', and where. Pending starts afresh.
    mutating func take() -> (
        changes: [String: ClusterChanges], touched: TouchedPoints,
        unclustered: ClusterChanges?, unclusteredTouched: TouchedPoints
    ) {
        var changes: [String: ClusterChanges] = [:]
        for g in groups.indices where !groups[g].pending.isEmpty {
            changes[groups[g].identifier] = Self.takePending(&groups[g])
        }
        let unclusteredChanges = unclustered.pending.isEmpty ? nil : Self.takePending(&unclustered)
        defer {
            touched = TouchedPoints()
            unclusteredTouched = TouchedPoints()
            publishScheduled = false
            capacityHint = 0
        }
        return (changes, touched, unclusteredChanges, unclusteredTouched)
    }

    private static func takePending(_ group: inout Group) -> ClusterChanges {
        let pending = group.pending
        // Room for as many as this epoch had, up to a busy feed's: a table grown from nothing each epoch
        // is rehashed a dozen times on the way to a feed's thousands.
        group.pending = ClusterChanges(reservingCapacity: min(pending.placed.count, 4_096))
        return pending
    }
}
