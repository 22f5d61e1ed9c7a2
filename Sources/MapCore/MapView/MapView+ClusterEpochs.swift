import MapGeometry
import ViewKit

/// A shared clustering as a map shows it: the layout it was laid out or
/// last followed from, and where each of that layout's groups shows (a
/// cluster's shown point, a lone member's point), in the layout's order.
/// Plain values side by side, so that telling which groups need their view
/// touched reads no cluster or view of the map.
struct SharedLayoutShown {
    var layout: SharedClusterLayout
    var points: [Point]

    /// What a layout just made of `layout` shows, its clusters being `clusters` (by key).
    init(_ layout: SharedClusterLayout, of index: SharedClusterIndex, clusters: [UInt64: ClusterAnnotation]) {
        self.layout = layout
        points = (0..<layout.grouping.count).map { g in
            let members = layout.grouping[g]
            let first = layout.cells[members[members.startIndex]]
            if members.count == 1, first.count == 1 { return index.point(at: first.range.lowerBound) }
            if let shown = clusters[MapView.clusterKey(members, of: layout.cells)]?.lastShownPoint { return shown }
            // A cell's centre may lie a world east (a layout across 180°); shown points are kept as stored.
            return Point(x: WorldWrap.wrap(first.center.x), y: first.center.y)
        }
    }
}

extension MapView {
    /// Follows a new epoch of the shared clusterings without laying the map
    /// out again, when the epoch changed only what the clusters on the map
    /// stand for: each clustering's new layout gathers the same cells the
    /// same way as the one the map shows, with the same lone members. Under
    /// a live feed most epochs are like that (pins move within their cells,
    /// a count changes here and there), and a watching map then touches only
    /// the clusters whose count changed or whose centre moved half a pixel,
    /// and the lone members that moved: not every cluster and view it shows,
    /// which a hundred maps each touching every epoch kept out of the
    /// processor's caches.
    ///
    /// A cluster whose centre crept less than that keeps its count, place
    /// and centre until one of them changes enough to show, as its view
    /// would under a full layout (`ClusterAnnotation.shownPoint(tolerance:)`).
    /// Returns false, having changed nothing, when the map must be laid out
    /// (a cluster came, went or split, a pin is selected or gliding, the
    /// level is past clustering).
    func followSharedClustersInPlace(in rect: Rect) -> Bool {
        guard selectedKey == nil, shared.displaced.isEmpty, let source = shared.source,
            let snapshot = source.clusterSnapshot()
        else { return false }
        let level = Int(camera.zoom.rounded(.down))
        guard level <= ClusterIndex.maxZoom, level == clustering.level else { return false }
        let tolerance = 0.5 / camera.pixelsPerUnit
        var changed:
            [(
                cluster: ClusterAnnotation, membership: ClusterMembership, id: SharedClusteringID,
                group: Int
            )] = []
        var moved: [(view: AnnotationView, point: Point, id: SharedClusteringID, group: Int)] = []
        var followed: [(id: SharedClusteringID, layout: SharedClusterLayout)] = []
        let clusterings = snapshot.shown(gatheringUnclustered: clustering.gathersUnclustered)
        followed.reserveCapacity(clusterings.count)
        for (id, index) in clusterings {
            guard let shown = clustering.sharedLayouts[id], let clusters = clustering.sharedLive[id] else {
                return false
            }
            let zoom = id == .unclustered ? unclusteredGatheringZoom(in: rect, level: level) : level
            let layout = index.layout(in: rect, zoom: zoom)
            followed.append((id, layout))
            if layout === shown.layout { continue }
            guard let groupChanges = layout.changes(since: shown.layout) else { return false }
            changed.reserveCapacity(changed.count + groupChanges.count)
            moved.reserveCapacity(moved.count + groupChanges.count)
            let cells = layout.cells
            let group = sharedClustering(id, of: source)
            for change in groupChanges {
                let g = change.group
                if let i = change.lone {
                    guard let member = index.annotation(at: i), let view = liveViews[AnnotationKey(member)] else {
                        return false
                    }
                    moved.append((view, index.point(at: i), id, g))
                    continue
                }
                // The count and centre the cluster would take: unchanged count and a centre within half a
                // pixel of where it shows change nothing a browser would see (`ClusterAnnotation.shownPoint`).
                let at = shown.points[g]
                if change.count == change.previousCount,
                    abs(WorldWrap.delta(from: at.x, to: change.center.x)) <= tolerance,
                    abs(change.center.y - at.y) <= tolerance
                {
                    continue
                }
                let (key, stands) = Self.standing(
                    layout.grouping[g], of: cells,
                    membership: { .shared(group, cells: $0) },
                    membershipOfOne: { .sharedCell(group, cell: $0) })!
                // A cluster of several cells is kept by its largest cell's key, which a change of counts may change.
                guard let cluster = clusters[key] else { return false }
                changed.append((cluster, stands, id, g))
            }
        }
        guard followed.count == clustering.sharedLayouts.count else { return false }

        for (cluster, membership, id, g) in changed {
            if let view = liveViews[AnnotationKey(cluster)] {
                moved.append((view, cluster.update(to: membership, tolerance: tolerance), id, g))
            }
        }
        // Paint order goes by height on the map: only a view whose anchor changed height can be out of it.
        var heightChanged: [AnnotationView] = []
        heightChanged.reserveCapacity(moved.count)
        for (view, point, _, _) in moved {
            if view.worldAnchor?.y != point.y { heightChanged.append(view) }
            view.place(at: point)
        }
        // Each layout's record out of the map while it changes, so that writing a point copies no list of
        // points, and taken out once: an access through the dictionary's subscript is a call of its own.
        for (id, layout) in followed {
            guard var shown = clustering.sharedLayouts.removeValue(forKey: id) else { continue }
            shown.layout = layout
            for (_, point, movedIn, g) in moved where movedIn == id { shown.points[g] = point }
            clustering.sharedLayouts[id] = shown
        }
        if !heightChanged.isEmpty { sortAnnotationViews(afterMoving: heightChanged) }
        clustering.sharedEpoch = snapshot.epoch
        clustering.epochsFollowedInPlace += 1
        return true
    }
}
