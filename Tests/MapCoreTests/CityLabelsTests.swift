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

    @Test func placementComparesLabelsOnlyWithEachOther() {
        let labels = testBaseMap.cityLabels(typeface: testFonts.regular, size: BaseMapView.labelSize)
        let candidates = (0..<Int32(labels.count(upToRank: 5))).map { $0 }
        var first = CityLabelPlacement()
        let placed = first.place(candidates, zoom: 5, pixelsPerUnit: 1.0 / 1024, labels: labels, limit: 60)
        #expect(placed.count == 60)
        // No two placed labels overlap (with the spacing the map keeps).
        let k = 1.0 / 1024
        let boxes = placed.map { i -> Rect in
            let p = labels.points[Int(i)]
            return Rect(x: p.x * k - 4, y: p.y * k - 9, width: labels.widths[Int(i)] + 12, height: 18)
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.insetBy(dx: -4, dy: -2).intersects(b)) }
        }
        // The same candidates at the same zoom give the same answer; a new zoom recomputes.
        #expect(first.place(candidates, zoom: 5, pixelsPerUnit: k, labels: labels, limit: 60) == placed)
        let wider = first.place(candidates, zoom: 6, pixelsPerUnit: 2 * k, labels: labels, limit: 500)
        #expect(wider.count > placed.count)
    }

    @Test func panningByAFewPixelsKeepsTheSameNames() {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5),
                                    baseMap: testBaseMap)
        func names() -> Set<UInt32> { Set(window.renderScene().items.filter { $0.kind == .text }.map(\.id)) }
        let before = names()
        #expect(before.count > 10)
        map.camera = map.camera.panned(byScreen: Point(x: 3, y: 2))
        #expect(names() == before)
    }

    @Test func aPanThatDrawsTheSameTilesAndNamesVouchesForThemAndOneThatDoesNotDoesNot() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5),
                                    baseMap: testBaseMap)
        let baseMapID = try #require(map.baseMapView?.id)
        func vouched(_ scene: Scene) -> Set<UInt32> {
            Set(scene.unchangedItems.flatMap { $0.map { scene.items[$0].id } })
        }
        let first = window.renderScene()
        #expect(first.unchangedItems.isEmpty)
        map.camera = map.camera.panned(byScreen: Point(x: 2, y: 1))
        let pan = window.renderScene()
        let drawn = Set(pan.items.filter { $0.parent == baseMapID }.map(\.id))
        #expect(drawn.count > 20)
        #expect(vouched(pan) == drawn)
        // A jump far away draws other tiles and names: nothing is vouched for.
        map.camera = Camera(center: Coordinate(latitude: -20, longitude: -60), zoom: 5)
        #expect(window.renderScene().unchangedItems.isEmpty)
    }
}
