import MapGeometry

/// What changed in a shared clustering since its last epoch, by slot: where
/// each added or moved member is now, and which members went. A member
/// moved many times between epochs is merged in once, where it ended.
package struct ClusterChanges: Sendable {
    /// A member's place in the next epoch; `annotation` is set when it is new.
    package struct Placement: Sendable {
        package var point: Point
        package var annotation: Annotation?
    }

    package var placed: [UInt32: Placement] = [:]
    package var removed: Set<UInt32> = []

    package init() {}

    package var isEmpty: Bool { placed.isEmpty && removed.isEmpty }

    package mutating func add(_ annotation: Annotation, slot: UInt32, at point: Point) {
        placed[slot] = Placement(point: point, annotation: annotation)
        removed.remove(slot)
    }

    package mutating func move(slot: UInt32, to point: Point) {
        if let i = placed.index(forKey: slot) {
            placed.values[i].point = point
        } else {
            placed[slot] = Placement(point: point, annotation: nil)
        }
    }

    package mutating func remove(slot: UInt32) {
        placed[slot] = nil
        removed.insert(slot)
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
        for slot in changes.removed {
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
