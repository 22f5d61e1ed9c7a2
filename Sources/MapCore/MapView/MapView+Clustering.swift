import Foundation
import MapGeometry
import ViewKit

/// The map's clustering bookkeeping: annotations grouped by clustering
/// identifier, each group with its cluster index, and the cluster
/// annotations alive now (kept so a cluster keeps its view while panning).
struct ClusteringState {
    struct Group {
        var members: [Annotation] = []
        var keys: Set<AnnotationKey> = []
        var index: ClusterIndex?
        /// Moves since the index was built (ClusterMoves.swift).
        var moves = ClusterMoves()
        var hasRemovals = false
    }

    var groups: [String: Group] = [:]
    /// Every key ever put in a group, for a quick "surely not a member"
    /// (a replay asks that of thousands of far moves a second).
    var everMember = KeyFilter()
    var live: [String: [UInt64: ClusterAnnotation]] = [:]
    /// The same for the shared source's clusterings.
    var sharedLive: [SharedClusteringID: [UInt64: ClusterAnnotation]] = [:]
    /// The shared source's clusterings, for their clusters to point to.
    var sharedClusterings: [SharedClusteringID: SharedClustering] = [:]
    /// The shared layout each shared clustering was last shown from, when
    /// the map showed it as laid out (`followSharedClustersInPlace(in:)`).
    var sharedLayouts: [SharedClusteringID: SharedLayoutShown] = [:]
    /// Whether the map gathers the source's unclustered pins as a clustering,
    /// having too many near its viewport to show one by one
    /// (MapView+UnclusteredPins.swift).
    var gathersUnclustered = false
    /// How many epochs the map followed without a layout (`followSharedClustersInPlace(in:)`).
    var epochsFollowedInPlace = 0
    /// The epoch of the shared clusters last laid out.
    var sharedEpoch: UInt64?
    /// The integer zoom level the views were last made for.
    var level: Int?

    func group(containing key: AnnotationKey) -> String? {
        guard everMember.mayContain(key) else { return nil }
        // By index, so each group's key set is read in place rather than
        // copied out with its members (this runs for every far move replayed).
        var i = groups.startIndex
        while i != groups.endIndex {
            if groups.values[i].keys.contains(key) { return groups.keys[i] }
            groups.formIndex(after: &i)
        }
        return nil
    }
}

/// A 1,024-bit filter of annotation keys: false only for keys never
/// inserted. Keys are object addresses, so a multiplicative hash of their
/// bits is enough, and far cheaper than hashing them into a set.
struct KeyFilter {
    private var bits = [UInt64](repeating: 0, count: 16)

    private static func bit(_ key: AnnotationKey) -> Int {
        let address = UInt64(UInt(bitPattern: Int(bitPattern: key)))
        return Int((address &* 0x9E37_79B9_7F4A_7C15) >> 54)
    }

    mutating func insert(_ key: AnnotationKey) {
        let b = Self.bit(key)
        bits[b >> 6] |= 1 << UInt64(b & 63)
    }

    func mayContain(_ key: AnnotationKey) -> Bool {
        let b = Self.bit(key)
        return bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }
}

extension MapView {
    /// Puts `annotation` in its clustering group if the delegate gives it an
    /// identifier; false leaves it to the plain index.
    func addToClusterGroup(_ annotation: Annotation) -> Bool {
        guard let identifier = delegate?.mapView(self, clusteringIdentifierFor: annotation) else { return false }
        let key = AnnotationKey(annotation)
        // Mutated in place: copying a group out and back would copy its members on every add.
        clustering.everMember.insert(key)
        guard clustering.groups[identifier, default: ClusteringState.Group()].keys.insert(key).inserted else {
            return true
        }
        clustering.groups[identifier]?.members.append(annotation)
        clustering.groups[identifier]?.index = nil
        return true
    }

    /// Drops a clustered annotation; false when it was not clustered.
    func removeFromClusterGroup(_ key: AnnotationKey) -> Bool {
        guard let identifier = clustering.group(containing: key) else { return false }
        clustering.groups[identifier]?.keys.remove(key)
        clustering.groups[identifier]?.hasRemovals = true
        clustering.groups[identifier]?.index = nil
        return true
    }

    /// A clustered annotation moved: it leaves its old cell and joins its new
    /// one at the next layout, without a rebuild until many have moved.
    func clusteredAnnotationDidMove(_ annotation: Annotation) -> Bool {
        guard let identifier = clustering.group(containing: AnnotationKey(annotation)) else { return false }
        needsAnnotationLayout = true
        guard let index = clustering.groups[identifier]?.index,
            clustering.groups[identifier]?.moves.move(annotation, in: index) == true
        else {
            clustering.groups[identifier]?.index = nil
            return true
        }
        return true
    }

    func isClusteredMember(_ key: AnnotationKey) -> Bool {
        // The filter alone first: a call on the whole state copies it, every table in it retained and released,
        // and a replay asks this of each move near the view.
        guard clustering.everMember.mayContain(key) else { return false }
        return clustering.group(containing: key) != nil
    }

    /// How many annotations the cluster groups hold.
    var clusteredMemberCount: Int {
        clustering.groups.values.reduce(0) { $0 + $1.keys.count }
    }

    /// Every clustered annotation.
    var clusteredMembers: [Annotation] {
        clustering.groups.values.flatMap { g in g.members.filter { g.keys.contains(AnnotationKey($0)) } }
    }

    /// The cluster index of `identifier`'s annotations, built when first needed after a change.
    package func clusterIndex(for identifier: String) -> ClusterIndex? {
        guard let group = clustering.groups[identifier] else { return nil }
        if let index = group.index { return index }
        if group.hasRemovals {
            let keys = group.keys
            clustering.groups[identifier]?.members.removeAll { !keys.contains(AnnotationKey($0)) }
            clustering.groups[identifier]?.hasRemovals = false
        }
        let index = ClusterIndex(annotations: clustering.groups[identifier]?.members ?? [])
        clustering.groups[identifier]?.index = index
        clustering.groups[identifier]?.moves = ClusterMoves()
        return index
    }

    /// A zoom across an integer level regroups the clusters.
    func noteClusterLevel() {
        guard !clustering.groups.isEmpty || shared.source?.clusterEpoch ?? 0 > 0 else { return }
        let level = Int(camera.zoom.rounded(.down))
        if level != clustering.level {
            clustering.level = level
            needsAnnotationLayout = true
        }
    }

    /// Whether the shared source published clusters this map has not laid
    /// out. A map that shows its unclustered pins one by one passes over the
    /// epochs that changed only those: it reads them from the source itself.
    var sharedClustersChanged: Bool {
        guard let source = shared.source else { return false }
        guard clustering.gathersUnclustered else {
            let epoch = source.identifiedClusterEpoch
            return epoch != 0 && epoch > clustering.sharedEpoch ?? 0
        }
        let epoch = source.clusterEpoch
        return epoch != 0 && epoch != clustering.sharedEpoch
    }

    /// What the clustered groups show in world rect `rect`, with the point
    /// each shows at: clusters, and annotations alone in their cell (or all
    /// of them past the deepest level). This map's own groups and its shared
    /// source's clusterings alike; cells whose views would overlap are
    /// gathered into one cluster (`ClusterSpacing`).
    func clusteredAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        let snapshot = shared.source?.clusterSnapshot()
        clustering.sharedEpoch = snapshot?.epoch
        guard
            !clustering.groups.isEmpty || !(snapshot?.indexes.isEmpty ?? true)
                || (clustering.gathersUnclustered && snapshot?.unclustered != nil)
        else {
            clustering.live = [:]
            clustering.sharedLive = [:]
            clustering.sharedLayouts = [:]
            return []
        }
        let level = Int(camera.zoom.rounded(.down))
        let zoom = min(level, ClusterIndex.maxZoom)
        let apart = level > ClusterIndex.maxZoom
        let pixelsPerUnit = Mercator.pixelsPerUnit(zoom: Double(level))
        let unclusteredZoom = unclusteredGatheringZoom(in: rect, level: level)
        // Half a pixel at the camera's zoom: a cluster's centre may creep this far before its view follows.
        let tolerance = 0.5 / camera.pixelsPerUnit
        let chosen = selectedKey
        var out: [(annotation: Annotation, point: Point)] = []
        var nextLive: [String: [UInt64: ClusterAnnotation]] = [:]
        for identifier in clustering.groups.keys.sorted() {
            guard let index = clusterIndex(for: identifier),
                let moves = clustering.groups[identifier]?.moves
            else { continue }
            let cells = moves.cells(of: index, in: rect, zoom: zoom)
            if apart {
                for cell in cells { out += Self.members(of: cell, in: index) }
                continue
            }
            let lone = { (cell: ClusterCell) in Self.members(of: cell, in: index) }
            let grouping = Self.spacing(cells, pixelsPerUnit: pixelsPerUnit, chosen: chosen, lone: lone)
            nextLive[identifier] = Self.gather(
                cells, grouping: grouping, identifier: identifier,
                previous: clustering.live[identifier] ?? [:], tolerance: tolerance,
                into: &out, lone: lone,
                membership: { .session(index: index, cells: $0) },
                membershipOfOne: { .session(index: index, cells: [$0]) })
        }
        clustering.live = nextLive
        clustering.sharedLive = sharedClusters(
            snapshot, in: rect, zoom: zoom, unclusteredZoom: unclusteredZoom,
            apart: apart, pixelsPerUnit: pixelsPerUnit, tolerance: tolerance,
            chosen: chosen, into: &out)
        return out
    }

    /// The shared source's clusters and lone members in `rect`. The
    /// unclustered pins, when the map gathers them, are never shown apart:
    /// past the deepest level they stay gathered in that level's cells
    /// (or coarser ones, `unclusteredZoom`), as there are too many of them.
    private func sharedClusters(
        _ snapshot: SharedClusterSnapshot?, in rect: Rect, zoom: Int, unclusteredZoom: Int,
        apart: Bool, pixelsPerUnit: Double, tolerance: Double, chosen: AnnotationKey?,
        into out: inout [(annotation: Annotation, point: Point)]
    )
        -> [SharedClusteringID: [UInt64: ClusterAnnotation]]
    {
        clustering.sharedLayouts = [:]
        guard let snapshot, let source = shared.source else { return [:] }
        var nextLive: [SharedClusteringID: [UInt64: ClusterAnnotation]] = [:]
        for (id, index) in snapshot.shown(gatheringUnclustered: clustering.gathersUnclustered) {
            let sharedGroup = sharedClustering(id, of: source)
            let isUnclustered = id == .unclustered
            let zoom = isUnclustered ? unclusteredZoom : zoom
            func lone(_ cell: ClusterIndex.Cell) -> [(annotation: Annotation, point: Point)] {
                cell.range.compactMap { i in
                    guard let member = index.annotation(at: i) else { return nil }
                    // Unclustered pins this map's app removed from it stay hidden.
                    if isUnclustered, !shared.hidden.isEmpty, shared.hidden[AnnotationKey(member)] != nil {
                        return nil
                    }
                    return (member, index.point(at: i))
                }
            }
            if apart, !isUnclustered {
                for cell in index.cells(in: rect, zoom: zoom) { out += lone(cell) }
                continue
            }
            // The epoch's layout of these cells, shared with the maps that see the same ones; a
            // selected pin must not be folded into a neighbour, so a map with one spaces its own.
            let cells: [ClusterIndex.Cell], grouping: ClusterSpacing.Grouping
            let layout = chosen == nil ? index.layout(in: rect, zoom: zoom) : nil
            if let layout {
                (cells, grouping) = (layout.cells, layout.grouping)
            } else {
                cells = index.cells(in: rect, zoom: zoom)
                grouping = Self.spacing(cells, pixelsPerUnit: pixelsPerUnit, chosen: chosen, lone: lone)
            }
            nextLive[id] = Self.gather(
                cells, grouping: grouping, identifier: id.clusteringIdentifier,
                previous: clustering.sharedLive[id] ?? [:],
                tolerance: tolerance, into: &out, lone: lone,
                membership: { .shared(sharedGroup, cells: $0) },
                membershipOfOne: { .sharedCell(sharedGroup, cell: $0) })
            if let layout, let live = nextLive[id] {
                clustering.sharedLayouts[id] = SharedLayoutShown(layout, of: index, clusters: live)
            }
        }
        return nextLive
    }

    /// The map's one `SharedClustering` for clustering `id` of `source`.
    func sharedClustering(_ id: SharedClusteringID, of source: any SharedAnnotationSource) -> SharedClustering {
        if let known = clustering.sharedClusterings[id], known.source === source { return known }
        let made = SharedClustering(source: source, id: id)
        clustering.sharedClusterings[id] = made
        return made
    }

    /// How `cells` gather so that their views do not overlap
    /// (`ClusterSpacing`). The selected pin (`chosen`) keeps its callout:
    /// spacing never folds it into a neighbour.
    private static func spacing<Cell: ClusterCellSummary>(
        _ cells: [Cell], pixelsPerUnit: Double, chosen: AnnotationKey?,
        lone: (Cell) -> [(annotation: Annotation, point: Point)]
    ) -> ClusterSpacing.Grouping {
        let items = cells.map { cell in
            ClusterSpacing.Item(
                point: cell.center, count: cell.count,
                staysApart: cell.count == 1 && chosen != nil
                    && lone(cell).first.map { AnnotationKey($0.annotation) } == chosen)
        }
        return ClusterSpacing.grouping(items, pixelsPerUnit: pixelsPerUnit)
    }

    /// One identifier's cells as what shows, gathered as `grouping` says:
    /// each group a cluster (the one that stood for its largest cell before,
    /// when there was one) or a lone member. Returns the clusters by cell key.
    private static func gather<Cell: ClusterCellSummary>(
        _ cells: [Cell], grouping: ClusterSpacing.Grouping, identifier: String,
        previous: [UInt64: ClusterAnnotation], tolerance: Double,
        into out: inout [(annotation: Annotation, point: Point)],
        lone: (Cell) -> [(annotation: Annotation, point: Point)], membership: ([Cell]) -> ClusterMembership,
        membershipOfOne: (Cell) -> ClusterMembership
    ) -> [UInt64: ClusterAnnotation] {
        var live: [UInt64: ClusterAnnotation] = [:]
        live.reserveCapacity(previous.count)
        for g in 0..<grouping.count {
            guard
                let (key, stands) = standing(
                    grouping[g], of: cells, membership: membership,
                    membershipOfOne: membershipOfOne)
            else {
                out += lone(cells[grouping[g].first!])
                continue
            }
            let cluster: ClusterAnnotation
            let point: Point
            if let old = previous[key] {
                (cluster, point) = (old, old.update(to: stands, tolerance: tolerance))
            } else {
                cluster = ClusterAnnotation(clusteringIdentifier: identifier, membership: stands)
                point = cluster.shownPoint(tolerance: tolerance)
            }
            live[key] = cluster
            out.append((cluster, point))
        }
        return live
    }

    /// What group `group` of `cells` shows: a cluster, under the key of its
    /// largest cell (the key its `ClusterAnnotation` is kept by from frame
    /// to frame), standing for those cells; nil for a lone member's cell.
    static func standing<Cell: ClusterCellSummary>(
        _ group: ArraySlice<Int>, of cells: [Cell], membership: ([Cell]) -> ClusterMembership,
        membershipOfOne: (Cell) -> ClusterMembership
    ) -> (key: UInt64, stands: ClusterMembership)? {
        if group.count == 1 {
            // Most clusters are one cell: no array of cells for them.
            let cell = cells[group[group.startIndex]]
            return cell.count == 1 ? nil : (cell.key, membershipOfOne(cell))
        }
        return (clusterKey(group, of: cells), membership(group.map { cells[$0] }))
    }

    /// The key a cluster of `group`'s cells is kept by: its largest cell's (the smallest key among equals).
    static func clusterKey<Cell: ClusterCellSummary>(_ group: ArraySlice<Int>, of cells: [Cell]) -> UInt64 {
        if group.count == 1 { return cells[group[group.startIndex]].key }
        return group.map { cells[$0] }.max { ($0.count, $1.key) < ($1.count, $0.key) }!.key
    }

    /// A cell's members one by one, each at its point.
    private static func members(
        of cell: ClusterCell,
        in index: ClusterIndex
    ) -> [(annotation: Annotation, point: Point)] {
        cell.stayingPositions().map { (index.sorted[$0], index.point(at: $0)) }
            + zip(cell.movedIn, cell.movedInPoints).map { ($0, $1) }
    }

    /// Zooms so `cluster`'s members show: to fit them, and at least one
    /// level deeper so the cluster splits (members show apart past the
    /// deepest clustering level). Framed as `showAnnotations` frames: clear
    /// of `calloutInsets`, the app's views over the map and the controls,
    /// with room for a member's view (one member's stands for all: a
    /// cluster may hold a million).
    public func showMembers(of cluster: ClusterAnnotation, animated: Bool) {
        let reach = cluster.anyMember.map { viewReach(of: [$0]) } ?? .zero
        let padding = framingPadding(edgePadding: Self.defaultAnnotationEdgePadding, reach: reach)
        let members = cluster.memberBounds
        let fit = camera(fitting: members, padding: padding)
        let nextLevel = Double(Int(camera.zoom.rounded(.down)) + 1)
        let zoom = min(max(fit.zoom, nextLevel), Double(ClusterIndex.maxZoom + 1))
        let target = zoom == fit.zoom ? fit : camera(centering: members, padding: padding, zoom: zoom)
        setCamera(target, animated: animated)
    }

    /// The default view of a cluster when the delegate gives none.
    func defaultClusterView(for cluster: ClusterAnnotation) -> AnnotationView {
        if registrations[Self.clusterIdentifier] == nil {
            registrations[Self.clusterIdentifier] = ClusterAnnotationView.self
        }
        return dequeueReusableAnnotationView(withIdentifier: Self.clusterIdentifier, for: cluster)
    }

    static let clusterIdentifier = "mapwire.cluster"
}

extension MapView {
    /// A selected annotation its cluster absorbed on a zoom out is deselected,
    /// as MapKit does: the cluster stands for it, never both on screen.
    func deselectIfAbsorbed(byAnyOf shown: [(annotation: Annotation, point: Point)]) {
        guard let selected, let key = selectedKey,
            isClusteredMember(key) || isGatheredBySource(selected)
        else { return }
        let point = displayedPoint(of: selected) ?? Mercator.project(selected.coordinate)
        for case let cluster as ClusterAnnotation in shown.map(\.annotation)
        where Self.closedContains(cluster.memberBounds, point) {
            if cluster.memberAnnotations.contains(where: { $0 === selected }) {
                deselectAnnotation(selected, animated: false)
                return
            }
        }
    }
}
