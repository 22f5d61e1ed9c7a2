import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The shared city-label table and the placement a map reuses while it pans.
@Suite struct CityLabelsTests {
    @Test func everyMapSharesOneTableMeasuredWithTheFont() throws {
        let (_, a) = makeMap(camera: Camera(center: .zero, zoom: 4), baseMap: testBaseMap)
        let (_, b) = makeMap(camera: Camera(center: .zero, zoom: 6), baseMap: testBaseMap)
        let tableA = try #require(a.baseMapView?.labels)
        #expect(tableA === b.baseMapView?.labels)
        for i in [0, 10, testBaseMap.cities.count - 1] {
            let expected = testFonts.regular.font.width(of: testBaseMap.cities[i].name, size: BaseMapView.labelSize)
            #expect(tableA.widths[i] == expected.rounded(.up))
        }
    }

    @Test func citiesAreOrderedByRankAndEachRankEndsWhereTheTableSays() {
        let cities = testBaseMap.cities
        #expect(zip(cities, cities.dropFirst()).allSatisfy { $0.rank <= $1.rank })
        let labels = testBaseMap.cityLabels(typeface: testFonts.regular, size: BaseMapView.labelSize)
        for rank in -1...12 {
            #expect(labels.count(upToRank: rank) == cities.filter { $0.rank <= rank }.count)
        }
    }

    @Test func eachLevelPlacesTheWorldsNamesGreedilyWithoutOverlapOnceForEveryMap() {
        let labels = testBaseMap.cityLabels(typeface: testFonts.regular, size: BaseMapView.labelSize)
        let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        let level = labels.level(5, maxRank: 5)
        #expect(labels.level(5, maxRank: 5) === level, "shared")
        let placed = level.placed(in: world, points: labels.points)
        #expect(placed.count == level.count && placed.count > 60)
        #expect(placed == placed.sorted(), "in priority order")
        let k = Mercator.pixelsPerUnit(zoom: 5)
        func box(_ i: Int) -> Rect {
            let p = labels.points[i]
            return Rect(x: p.x * k - 4, y: p.y * k - 9, width: labels.widths[i] + 12, height: 18)
        }
        let boxes = placed.map { box(Int($0)) }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.insetBy(dx: -4, dy: -2).intersects(b)) }
        }
        // Greedy: every city of a named rank left out overlaps one placed before it.
        let placedSet = Set(placed)
        for i in 0..<labels.count(upToRank: 5) where !placedSet.contains(Int32(i)) {
            #expect(placed.contains { Int($0) < i && box(Int($0)).insetBy(dx: -4, dy: -2).intersects(box(i)) })
        }
        // A part of the world answers with the placed cities in it.
        let europe = Rect(
            x: world.width * 0.48, y: world.height * 0.28, width: world.width * 0.1, height: world.height * 0.08)
        #expect(
            level.placed(in: europe, points: labels.points) == placed.filter { europe.contains(labels.points[Int($0)]) }
        )
        // A closer level names more.
        #expect(labels.level(6, maxRank: 6).count > level.count)
    }

    @Test func aMapTakesItsLevelsNamesForARegionAndReusesThemWhileTheViewStaysInIt() {
        let labels = testBaseMap.cityLabels(typeface: testFonts.regular, size: BaseMapView.labelSize)
        let world = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        var placement = CityLabelPlacement()
        let view = Rect(
            x: world.width * 0.5, y: world.height * 0.3, width: world.width * 0.05, height: world.height * 0.03)
        let shown = placement.names(visible: view, zoom: 5.5, labels: labels, limit: 10) { $0 }
        #expect(placement.level == 5)
        // The names in and around the view, at most 10 for each view's area, most important first.
        let margin = CityLabelPlacement.margin
        let near = view.insetBy(dx: -view.width * margin, dy: -view.height * margin)
        let all = labels.level(5, maxRank: 5).placed(in: near, points: labels.points)
        #expect(shown == Array(all.prefix(Int((10 * (1 + 2 * margin) * (1 + 2 * margin)).rounded()))))
        let region = placement.region
        _ = placement.names(visible: view.offsetBy(dx: view.width / 4, dy: 0), zoom: 5.9, labels: labels, limit: 10) {
            $0
        }
        #expect(placement.region == region, "a pan inside the region and a zoom within the level reuse it")
        _ = placement.names(visible: view.offsetBy(dx: view.width, dy: 0), zoom: 5.9, labels: labels, limit: 10) { $0 }
        #expect(placement.region != region)
        _ = placement.names(visible: view, zoom: 6, labels: labels, limit: 10) { $0 }
        #expect(placement.level == 6)
    }

    @Test func panningAndZoomingWithinALevelKeepTheNamesOfCitiesInView() {
        // A small view, so fewer names show than the limit and the limit cuts none.
        let (window, map) = makeMap(
            size: Size(width: 480, height: 320),
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5),
            baseMap: testBaseMap)
        func names() -> Set<UInt32> { Set(window.renderScene().items.filter { $0.kind == .text }.map(\.id)) }
        func visible() -> Rect { map.camera.visibleWorldRect(viewport: map.frame.size) }
        let before = names()
        let visibleBefore = visible()
        #expect(before.count > 5 && before.count < BaseMapView.maxLabels)
        // Half a screen east, in steps, as a drag does, then zoom in a bit.
        for _ in 0..<6 {
            map.camera = map.camera.panned(byScreen: Point(x: 40, y: 0))
            _ = names()
        }
        let after = names()
        let both = testBaseMap.cities.filter {
            $0.rank <= BaseMapView.maxRank(zoom: 5) && visibleBefore.contains($0.world) && visible().contains($0.world)
        }.map(\.labelItemID)
        #expect(both.count > 2)
        #expect(both.filter(before.contains) == both.filter(after.contains))
        map.camera.zoom = 5.6
        let zoomed = names()
        #expect(after.count < BaseMapView.maxLabels)
        #expect(zoomed.isSubset(of: after), "zooming in within the level shows a part of the same names")
    }

    @Test func panningByAFewPixelsKeepsTheSameNames() {
        let (window, map) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5),
            baseMap: testBaseMap)
        func names() -> Set<UInt32> { Set(window.renderScene().items.filter { $0.kind == .text }.map(\.id)) }
        let before = names()
        #expect(before.count > 10)
        map.camera = map.camera.panned(byScreen: Point(x: 3, y: 2))
        #expect(names() == before)
    }

    @Test func namesAroundTheViewportStayDrawnWhileAPanBringsACityInOrOut() throws {
        // A small view, so fewer names show than the limit and the limit cuts none.
        let (window, map) = makeMap(
            size: Size(width: 480, height: 320),
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5),
            baseMap: testBaseMap)
        func names() -> [UInt32] { window.renderScene().items.filter { $0.kind == .text }.map(\.id) }
        let labels = try #require(map.baseMapView?.labels)
        // The level's names of cities in view, which a map must draw wherever it stands.
        func namesInView() -> Set<UInt32> {
            let visible = map.camera.visibleWorldRect(viewport: map.frame.size)
            let level = labels.level(5, maxRank: BaseMapView.maxRank(zoom: 5))
            return Set(level.placed(in: visible, points: labels.points).map { labels.itemIDs[Int($0)].name })
        }
        let before = names()
        let inViewBefore = namesInView()
        #expect(before.count > 10 && before.count < BaseMapView.maxLabels)
        // Short of half the margin: the names drawn are the same, in the same order, at every step.
        let step = map.frame.width * CityLabelPlacement.margin / 2 / 8
        for _ in 0..<7 {
            map.camera = map.camera.panned(byScreen: Point(x: step, y: 0))
            #expect(names() == before)
            #expect(namesInView().isSubset(of: Set(before)))
        }
        #expect(namesInView() != inViewBefore, "a city came into view or left it on the way")
        // Past it, the names are taken again around the new viewport.
        for _ in 0..<8 { map.camera = map.camera.panned(byScreen: Point(x: step, y: 0)) }
        #expect(names() != before)
    }

    @Test func aPanThatDrawsTheSameTilesAndNamesVouchesForThemAndOneThatDoesNotDoesNot() throws {
        let (window, map) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5),
            baseMap: testBaseMap)
        let baseMapID = try #require(map.baseMapView?.id)
        // The base map's tiles and names; the overlay, street and street name layers (empty here) are vouched
        // for on their own.
        let layers: Set = [map.overlaysAboveRoads.id, map.streetLayer.id, map.streetLabels.id]
        func vouched(_ scene: Scene) -> Set<UInt32> {
            let items = scene.unchangedItems.flatMap { $0.map { scene.items[$0] } }
            return Set(items.filter { $0.parent == baseMapID && !layers.contains($0.id) }.map(\.id))
        }
        let first = window.renderScene()
        #expect(first.unchangedItems.isEmpty)
        map.camera = map.camera.panned(byScreen: Point(x: 2, y: 1))
        let pan = window.renderScene()
        let drawn = Set(pan.items.filter { $0.parent == baseMapID && !layers.contains($0.id) }.map(\.id))
        #expect(drawn.count > 20)
        #expect(vouched(pan) == drawn)
        // A jump far away draws other tiles and names: nothing is vouched for.
        map.camera = Camera(center: Coordinate(latitude: -20, longitude: -60), zoom: 5)
        #expect(vouched(window.renderScene()).isEmpty)
    }
}
