import DisplayList
import MapCore
import MapGeometry
import Synchronization

/// The shared world's lines and areas, in the order they were added, and
/// the layer every map draws them from (`SharedOverlaySource`): made once
/// after a change for all sessions, so a session keeps nothing per shape.
///
/// Written under the store's lock (after it, in lock order); read by every
/// session's thread under its own.
final class WorldShapes: SharedOverlaySource {
    private struct State {
        var byID: [String: LiveShape] = [:]
        /// Shapes in the order they were added; a removed one leaves a nil until the next compaction.
        var order: [LiveShape?] = []
        var removedSinceCompaction = 0
        /// Each shape's place in the order they were added, never reused: a list's page cursor names one.
        var seqs: [String: UInt64] = [:]
        var nextSeq: UInt64 = 1
        /// Made when a map first asks after a change.
        var layer: SharedOverlayLayer?
        /// The shapes that grew, newest last, each with the version its growth made (at most `grownKept`).
        var grown: [(version: UInt64, shape: LiveShape)] = []
        /// The version of the last change that was not a growth (an add, a removal, an edit).
        var lastReshaped: UInt64 = 0
    }

    /// How many growths the shapes keep for maps that patch their layer.
    static let grownKept = 4096

    private let state = Mutex(State())
    private let version = Atomic<UInt64>(1)

    var overlayVersion: UInt64 { version.load(ordering: .acquiring) }

    func overlayLayer() -> SharedOverlayLayer {
        state.withLock { s in
            if let layer = s.layer { return layer }
            let shapes = s.order.compactMap { $0 }
            let layer = SharedOverlayLayer(
                overlays: shapes, drawings: shapes.map(\.drawing), itemIDs: shapes.map(\.itemID))
            s.layer = layer
            return layer
        }
    }

    var count: Int { state.withLock { $0.byID.count } }

    func shape(id: String) -> LiveShape? { state.withLock { $0.byID[id] } }

    func contains(_ id: String) -> Bool { state.withLock { $0.byID[id] != nil } }

    /// Every shape, in the order they were added.
    var all: [LiveShape] { state.withLock { $0.order.compactMap { $0 } } }

    /// The shapes added after the one numbered `seq` (0: all), with their numbers, in the order they were added.
    func numbered(after seq: UInt64) -> [(seq: UInt64, shape: LiveShape)] {
        state.withLock { s in
            s.order.compactMap { shape in
                guard let shape, let n = s.seqs[shape.id], n > seq else { return nil }
                return (n, shape)
            }
        }
    }

    /// Adds `shapes` on top; the caller checked that their ids are new.
    func insert(_ shapes: [LiveShape]) {
        state.withLock { s in
            s.byID.reserveCapacity(s.byID.count + shapes.count)
            for shape in shapes {
                s.byID[shape.id] = shape
                s.order.append(shape)
                s.seqs[shape.id] = s.nextSeq
                s.nextSeq += 1
            }
            reshaped(&s)
        }
    }

    /// Takes the shape with `id` away; nil when there is none.
    func remove(id: String) -> LiveShape? {
        let removed = state.withLock { s -> LiveShape? in
            guard let shape = s.byID.removeValue(forKey: id) else { return nil }
            s.seqs[id] = nil
            if let i = s.order.firstIndex(where: { $0 === shape }) { s.order[i] = nil }
            s.removedSinceCompaction += 1
            if s.removedSinceCompaction > 64, s.removedSinceCompaction * 4 > s.order.count {
                s.order.removeAll { $0 == nil }
                s.removedSinceCompaction = 0
            }
            reshaped(&s)
            return shape
        }
        return removed
    }

    /// A shape's look or geometry changed: every map draws the layer again.
    func restyled() {
        state.withLock { reshaped(&$0) }
    }

    /// A trail grew: maps draw its new path; the layer is made again only
    /// when the shape just began to grow (a growing shape is drawn alone).
    func grew(_ shape: LiveShape, startedGrowing: Bool) {
        state.withLock { s in
            if startedGrowing { return reshaped(&s) }
            s.grown.append((version.add(1, ordering: .releasing).newValue, shape))
            if s.grown.count > 2 * Self.grownKept { s.grown.removeFirst(s.grown.count - Self.grownKept) }
        }
    }

    func grownShapes(since version: UInt64) -> [Overlay]? {
        state.withLock { s in
            // Nothing but growths since `version`, all of them still kept.
            guard s.lastReshaped <= version, let oldest = s.grown.first?.version, oldest <= version + 1 else {
                return s.lastReshaped <= version && s.grown.isEmpty ? [] : nil
            }
            var seen = Set<ObjectIdentifier>()
            var out: [Overlay] = []
            for (v, shape) in s.grown.reversed() {
                guard v > version else { break }
                if seen.insert(ObjectIdentifier(shape)).inserted { out.append(shape) }
            }
            return out
        }
    }

    /// A change other than a growth (under the state's lock): the layer is
    /// made again, and maps draw it whole rather than patch growths.
    private func reshaped(_ s: inout State) {
        s.layer = nil
        s.lastReshaped = version.add(1, ordering: .releasing).newValue
    }
}
