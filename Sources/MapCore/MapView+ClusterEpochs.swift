import MapGeometry
import ViewKit

extension MapView {
    /// Follows a new epoch of the shared clusterings without laying the map
    /// out again, when the epoch changed only what the clusters on the map
    /// stand for: each clustering's new layout gathers the same cells the
    /// same way as the one the map shows, with the same lone members. Under
    /// a live feed most epochs are like that (pins move within their cells,
    /// a count changes here and there), and a watching map then touches only
    /// the clusters whose count or centre changed and the lone members that
    /// moved: not every view it shows, which a hundred maps each touching
    /// every epoch kept out of the processor's caches.
    ///
    /// Returns false, having changed nothing, when the map must be laid out
    /// (a cluster came, went or split, a pin is selected or gliding, the
    /// level is past clustering). What it does is what that layout would do.
    func followSharedClustersInPlace(in rect: Rect) -> Bool {
        guard selectedKey == nil, shared.displaced.isEmpty, let source = shared.source,
              let snapshot = source.clusterSnapshot() else { return false }
        let level = Int(camera.zoom.rounded(.down))
        guard level <= ClusterIndex.maxZoom, level == clustering.level else { return false }
        var changed: [(cluster: ClusterAnnotation, membership: ClusterMembership)] = []
        var moved: [(view: AnnotationView, point: Point)] = []
        var layouts: [(identifier: String, layout: SharedClusterLayout)] = []
        for (identifier, index) in snapshot.indexes where index.count > 0 {
            guard let shown = clustering.sharedLayouts[identifier],
                  let clusters = clustering.sharedLive[identifier] else { return false }
            let layout = index.layout(in: rect, zoom: level)
            layouts.append((identifier, layout))
            if layout === shown { continue }
            guard let groups = layout.changedGroups(since: shown) else { return false }
            let group = sharedClustering(identifier, of: source)
            for g in groups {
                guard let (key, stands) = Self.standing(layout.grouping[g], of: layout.cells,
                                                         membership: { .shared(group, cells: $0) },
                                                         membershipOfOne: { .sharedCell(group, cell: $0) }) else {
                    let i = layout.cells[layout.grouping[g].first!].range.lowerBound
                    guard let member = index.annotation(at: i), let view = liveViews[AnnotationKey(member)] else {
                        return false
                    }
                    moved.append((view, index.point(at: i)))
                    continue
                }
                // A cluster of several cells is kept by its largest cell's key, which a change of counts may change.
                guard let cluster = clusters[key] else { return false }
                changed.append((cluster, stands))
            }
        }
        guard layouts.count == clustering.sharedLayouts.count else { return false }

        let tolerance = 0.5 / camera.pixelsPerUnit
        for (cluster, membership) in changed {
            if let view = liveViews[AnnotationKey(cluster)] {
                moved.append((view, cluster.update(to: membership, tolerance: tolerance)))
            }
        }
        // Paint order goes by height on the map: only a view whose anchor changed height can be out of it.
        var heightChanged = false
        for (view, point) in moved {
            if view.worldAnchor?.y != point.y { heightChanged = true }
            view.place(at: point)
        }
        if heightChanged { sortAnnotationViews() }
        for (identifier, layout) in layouts { clustering.sharedLayouts[identifier] = layout }
        clustering.sharedEpoch = snapshot.epoch
        clustering.epochsFollowedInPlace += 1
        return true
    }
}
