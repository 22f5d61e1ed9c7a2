import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// An epoch lays a shared clustering out once for every map that sees the
/// same cells at the same level, and that layout is what each map would
/// have made on its own.
@Suite struct SharedClusterLayoutTests {
    typealias Random = SharedClusterIndexTests.Random

    /// Two maps at one view and a third far off, over `EpochSource`'s dots:
    /// the epoch holds two layouts, and the next epoch starts afresh.
    @Test func mapsThatSeeTheSameCellsShareOneLayoutAnEpoch() throws {
        let source = EpochSource()
        let here = Camera(center: Coordinate(latitude: 5, longitude: 5), zoom: 4)
        let maps = [here, here, Camera(center: Coordinate(latitude: -30, longitude: -120), zoom: 4)].map { camera in
            let (window, map) = makeMap(camera: camera)
            map.sharedAnnotations = source
            _ = window.renderScene()
            return (window, map)
        }
        let first = try #require(source.clusterSnapshot()?.indexes["dots"])
        #expect(first.layouts.count == 2, "one layout for the two maps at one view, one for the far one")
        for (_, map) in maps.prefix(2) {
            let views = map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }
            #expect(views.map(\.count) == [20], "each map shows the cluster from the shared layout")
        }

        source.moveLastDotAway()
        _ = maps[0].0.renderScene()
        let next = try #require(source.clusterSnapshot()?.indexes["dots"])
        #expect(next.layouts.count == 1, "a new epoch's layouts are its own")
        let views = maps[0].1.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }
        let view = try #require(views.first)
        #expect(view.count == 19, "laid out from the new epoch")
    }

    /// Over random worlds, at every level: the layout of a rect holds the
    /// cells `cells(in:zoom:)` finds and groups them as spacing them alone
    /// does, and any other rect meeting the same cells gets the same layout.
    @Test(arguments: [UInt64(7), 8])
    func aLayoutIsWhatAMapWouldSpaceOnItsOwn(seed: UInt64) {
        var random = Random(state: seed)
        var changes = ClusterChanges()
        for slot in 0..<3_000 {
            changes.add(
                PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0)), slot: UInt32(slot),
                at: random.point())
        }
        let index = SharedClusterIndex().applying(changes)
        for zoom in 0...ClusterIndex.maxZoom {
            let hub = Point(x: 3.0e8, y: 4.0e8)
            let span = 1800 / Mercator.pixelsPerUnit(zoom: Double(zoom))
            let rect = Rect(
                x: hub.x - span * random.next(), y: hub.y - span * random.next(), width: span,
                height: span * 0.6)
            let layout = index.layout(in: rect, zoom: zoom)
            let cells = index.cells(in: rect, zoom: zoom)
            #expect(layout.cells.map(\.key) == cells.map(\.key), "zoom \(zoom): the cells")
            #expect(layout.cells.map(\.center) == cells.map(\.center), "zoom \(zoom): their centres")
            let items = cells.map { ClusterSpacing.Item(point: $0.center, count: $0.count) }
            let alone = ClusterSpacing.groups(items, pixelsPerUnit: Mercator.pixelsPerUnit(zoom: Double(zoom)))
            #expect((0..<layout.grouping.count).map { Array(layout.grouping[$0]) } == alone, "zoom \(zoom): groups")

            // A rect a little inside this one, meeting the same cells, reads the same layout.
            let inner = rect.insetBy(dx: 1, dy: 1)
            let range = ClusterIndex.CellRange(rect, zoom: zoom)
            guard ClusterIndex.CellRange(inner, zoom: zoom) == range else { continue }
            #expect(index.layout(in: inner, zoom: zoom) === layout, "zoom \(zoom): shared")
            #expect(index.cells(in: inner, zoom: zoom).map(\.key) == cells.map(\.key), "zoom \(zoom): same cells")
        }
    }

    /// Maps all over the world share nothing: an epoch keeps a bounded
    /// table of layouts, and each still gets its own rect's layout.
    @Test func anEpochHoldsABoundedNumberOfLayouts() {
        var random = Random(state: 11)
        var changes = ClusterChanges()
        for slot in 0..<2_000 {
            changes.add(
                PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0)), slot: UInt32(slot),
                at: random.point())
        }
        let index = SharedClusterIndex().applying(changes)
        for _ in 0..<300 {
            let rect = Rect(x: random.next() * 9e8, y: random.next() * 9e8, width: 3e7, height: 2e7)
            #expect(index.layout(in: rect, zoom: 8).cells.map(\.key) == index.cells(in: rect, zoom: 8).map(\.key))
        }
        #expect(index.layouts.count <= SharedClusterLayoutCache.capacity)
        #expect(index.layouts.count > SharedClusterLayoutCache.capacity / 2, "the table is used")
    }

    /// Two shared pins two pixels apart across a cell border gather into one
    /// cluster, unless one is selected: that map spaces its own cells, and
    /// the selected pin keeps its view (and its callout) beside the other.
    @Test func aSelectedSharedPinIsNotFoldedIntoItsNeighbour() throws {
        let zoom = 10
        let pixel = 1 / Mercator.pixelsPerUnit(zoom: Double(zoom))
        let border = 512 * Mercator.worldSize / Double(1 << (zoom + 1))
        let y = 0.4 * Mercator.worldSize
        let pins = [border - pixel, border + pixel].map { x in
            PointAnnotation(coordinate: Mercator.unproject(Point(x: x, y: y)), title: "Pin")
        }
        let source = ClusteringSource(identifier: "dots", annotations: pins)
        let (window, map) = makeMap(camera: Camera(center: pins[0].coordinate, zoom: Double(zoom)))
        map.sharedAnnotations = source
        _ = window.renderScene()
        let clusters = { map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView } }
        #expect(clusters().map(\.count) == [2], "unselected, the two show as one cluster")

        map.camera = Camera(center: pins[0].coordinate, zoom: 17)
        _ = window.renderScene()
        map.selectAnnotation(pins[0], animated: false)
        map.camera = Camera(center: pins[0].coordinate, zoom: Double(zoom))
        _ = window.renderScene()
        #expect(map.selectedAnnotations.first === pins[0], "still selected")
        #expect(map.view(for: pins[0]) != nil && map.view(for: pins[1]) != nil, "both show as themselves")
        #expect(clusters().isEmpty)
    }

    /// A layout tells which of its groups changed since a layout of the
    /// same cells in an earlier epoch: a pin moving within its cell changes
    /// its group alone; a pin leaving a cell of two turns the other into a
    /// lone member, which is more than a change of counts.
    @Test func aLayoutNamesTheGroupsThatChangedSinceAnEarlierOne() throws {
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0))
        let (zoom, unitsPerPixel) = (6, 1 / Mercator.pixelsPerUnit(zoom: 6))
        // Three pairs of pins 200 px apart, each pair 3 px apart inside one 128 px cell.
        let cell = Double(1 << ClusterIndex.shift(zoom: zoom))
        let origin = Point(x: 60 * cell + 10 * unitsPerPixel, y: 60 * cell + 10 * unitsPerPixel)
        var points: [Point] = []
        for pair in 0..<3 {
            let at = origin + Point(x: Double(pair) * 200 * unitsPerPixel, y: 0)
            points += [at, at + Point(x: 3 * unitsPerPixel, y: 0)]
        }
        var changes = ClusterChanges()
        for (slot, p) in points.enumerated() { changes.add(a, slot: UInt32(slot), at: p) }
        let first = SharedClusterIndex().applying(changes)
        let rect = Rect(
            x: origin.x - 100 * unitsPerPixel, y: origin.y - 100 * unitsPerPixel,
            width: 800 * unitsPerPixel, height: 200 * unitsPerPixel)
        let before = first.layout(in: rect, zoom: zoom)
        try #require(before.grouping.count == 3)

        var within = ClusterChanges()
        within.move(slot: 3, to: points[3] + Point(x: unitsPerPixel, y: 0), from: points[3])
        let second = first.applying(within)
        let after = second.layout(in: rect, zoom: zoom)
        #expect(after.changedGroups(since: before) == [1], "only the middle pair's centre moved")
        #expect(after.changedGroups(since: after) == [])

        var away = ClusterChanges()
        away.move(slot: 5, to: Point(x: 1.0e8, y: 1.0e8), from: points[5])
        let third = first.applying(away)
        #expect(third.layout(in: rect, zoom: zoom).changedGroups(since: before) == nil, "a pin became a lone member")
    }

    /// What a layout says changed since an earlier one is worked out once
    /// for every map that asks: the groups `changedGroups` names, each with
    /// the count and centre its cells make now and the count they made
    /// before, and asked since another layout, that layout's answer.
    @Test func theChangesSinceALayoutAreTheGroupsThatChangedWithTheirCounts() throws {
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0))
        var random = CalloutFitTests.SeededGenerator(state: 3)
        let zoom = 7
        let unitsPerPixel = 1 / Mercator.pixelsPerUnit(zoom: Double(zoom))
        let origin = Point(x: Mercator.worldSize * 0.52, y: Mercator.worldSize * 0.35)
        var points = (0..<3_000).map { _ in
            origin
                + Point(
                    x: .random(in: 0...1_300, using: &random) * unitsPerPixel,
                    y: .random(in: 0...800, using: &random) * unitsPerPixel)
        }
        var adds = ClusterChanges()
        for (slot, p) in points.enumerated() { adds.add(a, slot: UInt32(slot), at: p) }
        var index = SharedClusterIndex().applying(adds)
        let rect = Rect(x: origin.x, y: origin.y, width: 1_300 * unitsPerPixel, height: 800 * unitsPerPixel)
        var compared = 0
        for _ in 0..<40 {
            let before = index.layout(in: rect, zoom: zoom)
            var moves = ClusterChanges()
            for _ in 0..<20 {
                let slot = Int.random(in: 0..<points.count, using: &random)
                let to =
                    points[slot]
                    + Point(
                        x: .random(in: -20...20, using: &random) * unitsPerPixel,
                        y: .random(in: -20...20, using: &random) * unitsPerPixel)
                moves.move(slot: UInt32(slot), to: to, from: points[slot])
                points[slot] = to
            }
            index = index.applying(moves)
            let after = index.layout(in: rect, zoom: zoom)
            let changes = after.changes(since: before)
            #expect(changes?.map(\.group) == after.changedGroups(since: before))
            for change in changes ?? [] {
                let members = after.grouping[change.group]
                let cells = members.map { after.cells[$0] }
                let count = cells.reduce(0) { $0 + $1.count }
                let sum = cells.reduce(Point.zero) { $0 + $1.center * Double($1.count) }
                #expect(change.count == count)
                #expect(abs(change.center.x - sum.x / Double(count)) < 1e-6 * unitsPerPixel)
                #expect(abs(change.center.y - sum.y / Double(count)) < 1e-6 * unitsPerPixel)
                #expect(change.previousCount == members.reduce(0) { $0 + before.cells[$1].count })
                #expect((change.lone != nil) == (members.count == 1 && count == 1))
                compared += 1
            }
            // Asked again, the same; asked since itself, nothing changed.
            #expect(after.changes(since: before)?.map(\.group) == changes?.map(\.group))
            #expect(after.changes(since: after)?.isEmpty == true)
        }
        #expect(compared > 200)
    }
}
