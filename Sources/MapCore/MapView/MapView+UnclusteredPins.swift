import MapGeometry
import ViewKit

/// The shared world's pins without a clustering identifier (API pins, and
/// imports of them by the hundred thousand): a map shows them one by one,
/// a view each, only while few enough lie near its viewport. Beyond
/// `unclusteredPinLimit` it gathers them into clusters from the source's
/// index of them (`SharedClusterSnapshot.unclustered`), 128 px cells at the
/// map's zoom level as clustered pins are, and shows them one by one again
/// once three quarters of the limit or fewer lie near: a map panning along
/// the limit does not switch at every frame. So what a session holds is
/// bounded by its screen, not by the world, and a dense place shows its
/// pins as a count to zoom into rather than hiding them.
///
/// While it gathers them they are the source's clustering's, as pins with
/// an identifier are: they move with the epochs, without glides, and a
/// lone one shows as itself.
extension MapView {
    /// Whether the source shows `annotation` on this map through one of its
    /// clusterings: it has a clustering identifier, or it is an unclustered
    /// pin while the map gathers them. Answered without a lock.
    package func isGatheredBySource(_ annotation: Annotation) -> Bool {
        guard let source = shared.source else { return false }
        return isGatheredBySource(annotation, of: source)
    }

    func isGatheredBySource(_ annotation: Annotation, of source: any SharedAnnotationSource) -> Bool {
        source.clustersItself(annotation)
            || (clustering.gathersUnclustered && source.decidesClustering(of: annotation))
    }

    /// Whether the map gathers the source's unclustered pins now.
    package var gathersUnclusteredPins: Bool { clustering.gathersUnclustered }

    /// The epoch of the shared clusterings the map last laid out from.
    package var laidOutClusterEpoch: UInt64? { clustering.sharedEpoch }

    /// The source's unclustered pins in `rect` to show one by one, or none
    /// when there are too many there: then the map gathers them. Asks the
    /// source for at most the limit (three quarters of it while gathering),
    /// so a map over a million pins never collects them.
    func unclusteredPinsToShow(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        guard let source = shared.source else { return [] }
        let limit = max(clustering.gathersUnclustered ? unclusteredPinLimit * 3 / 4 : unclusteredPinLimit, 0)
        let pins = source.unclusteredPins(in: rect, limit: limit)
        let gathers = pins == nil
        if gathers != clustering.gathersUnclustered {
            clustering.gathersUnclustered = gathers
            // Gliding pins are gathered too: they show where the epochs have them.
            if gathers {
                shared.displaced = shared.displaced.filter { !source.decidesClustering(of: $0.value.annotation) }
            }
        }
        return pins ?? []
    }

    /// For a pan that follows the strips `near` adds: the unclustered pins
    /// to show one by one (none while the map gathers them), or nil when the
    /// pan starts or stops the gathering, which a whole layout decides. While
    /// the source's counts say `near` holds no more than the limit, only the
    /// strips are asked for, as a pan over a thousand pins shown one by one
    /// should; closer to the limit, the whole of `near` (at most the limit).
    func unclusteredPinsJoining(_ strips: [Rect], of near: Rect) -> [(annotation: Annotation, point: Point)]? {
        guard let source = shared.source else { return [] }
        let limit = max(unclusteredPinLimit, 0)
        if clustering.gathersUnclustered {
            return source.unclusteredPins(in: near, limit: limit * 3 / 4) == nil ? [] : nil
        }
        var pins: [(annotation: Annotation, point: Point)] = []
        guard source.unclusteredPinCountAtMost(in: near) <= limit else {
            guard let all = source.unclusteredPins(in: near, limit: limit) else { return nil }
            appendShownOneByOne(all, to: &pins)
            return pins
        }
        for strip in strips {
            appendShownOneByOne(source.unclusteredPins(in: strip, limit: .max) ?? [], to: &pins)
        }
        return pins
    }

    /// The zoom level whose cells gather the unclustered pins in `rect` at
    /// level `level`: the level's own (the deepest clustering level past
    /// it), coarser only when `rect` meets more cells than the limit, as a
    /// viewport thousands of pixels across does, so that even then the map
    /// makes no more views for them than the limit.
    func unclusteredGatheringZoom(in rect: Rect, level: Int) -> Int {
        var zoom = min(max(level, 0), ClusterIndex.maxZoom)
        while zoom > 0 {
            let cells = ClusterIndex.CellRange(rect, zoom: zoom)
            let count = (Int(cells.x1) - Int(cells.x0) + 1) * (Int(cells.y1) - Int(cells.y0) + 1)
            if count <= max(unclusteredPinLimit, 1) { break }
            zoom -= 1
        }
        return zoom
    }
}
