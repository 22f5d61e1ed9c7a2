import MapGeometry

/// What changed in a shared clustering since its last epoch, by slot: where
/// each added or moved member is now, and which members went. A member
/// moved many times between epochs is merged in once, where it ended.
///
/// Each change also says where its member was in the last epoch, so the
/// merge finds the member's old place by its key instead of walking the
/// whole order.
package struct ClusterChanges: Sendable {
    /// A member's place in the next epoch; `annotation` is set when it is new.
    package struct Placement: Sendable {
        package var point: Point
        package var annotation: Annotation?
        /// Where its slot's member was in the last epoch; nil when the slot had none.
        package var previous: Point?
    }

    package var placed: [UInt32: Placement] = [:]
    /// Members that went, with where they were in the last epoch.
    package var removed: [UInt32: Point] = [:]

    package init() {}

    /// Empty, with room for `capacity` placed members.
    package init(reservingCapacity capacity: Int) {
        placed.reserveCapacity(capacity)
    }

    package var isEmpty: Bool { placed.isEmpty && removed.isEmpty }

    /// A new member in `slot`; a slot freed since the last epoch loses its old member.
    package mutating func add(_ annotation: Annotation, slot: UInt32, at point: Point) {
        let previous = removed.removeValue(forKey: slot) ?? placed[slot]?.previous
        placed[slot] = Placement(point: point, annotation: annotation, previous: previous)
    }

    /// The member in `slot` moved to `point`; `from` is where it is now,
    /// which for its first change since the last epoch is where that epoch has it.
    package mutating func move(slot: UInt32, to point: Point, from: Point) {
        if let i = placed.index(forKey: slot) {
            placed.values[i].point = point
        } else {
            placed[slot] = Placement(point: point, annotation: nil, previous: from)
        }
    }

    /// The member in `slot`, now at `from`, went.
    package mutating func remove(slot: UInt32, from: Point) {
        if let placement = placed.removeValue(forKey: slot) {
            // Added since the last epoch: that epoch has nothing to take out, unless the slot held another.
            if let previous = placement.previous { removed[slot] = previous }
        } else {
            removed[slot] = from
        }
    }
}

/// Slot to annotation for a shared clustering, shared between its epochs:
/// an epoch that changes a few slots copies only the chunks they are in.
package final class ClusterSlotTable: Sendable {
    final class Chunk: Sendable {
        let items: [Annotation?]
        init(_ items: [Annotation?]) { self.items = items }
    }

    static let chunkBits = 12
    static let chunkSize = 1 << chunkBits
    let chunks: [Chunk]

    init(chunks: [Chunk] = []) { self.chunks = chunks }

    /// Slots it has room for.
    var capacity: Int { chunks.count << Self.chunkBits }

    package subscript(slot: UInt32) -> Annotation? {
        let c = Int(slot) >> Self.chunkBits
        return c < chunks.count ? chunks[c].items[Int(slot) & (Self.chunkSize - 1)] : nil
    }

    /// The table with `changes`' new members in their slots and the removed ones cleared.
    func applying(_ changes: ClusterChanges) -> ClusterSlotTable {
        var edits: [Int: [(Int, Annotation?)]] = [:]
        for (slot, placement) in changes.placed {
            guard let a = placement.annotation else { continue }
            edits[Int(slot) >> Self.chunkBits, default: []].append((Int(slot) & (Self.chunkSize - 1), a))
        }
        for slot in changes.removed.keys {
            edits[Int(slot) >> Self.chunkBits, default: []].append((Int(slot) & (Self.chunkSize - 1), nil))
        }
        guard !edits.isEmpty else { return self }
        var chunks = self.chunks
        let needed = (edits.keys.max() ?? -1) + 1
        while chunks.count < needed { chunks.append(Chunk([Annotation?](repeating: nil, count: Self.chunkSize))) }
        for (c, list) in edits {
            var items = chunks[c].items
            for (i, a) in list { items[i] = a }
            chunks[c] = Chunk(items)
        }
        return ClusterSlotTable(chunks: chunks)
    }
}
