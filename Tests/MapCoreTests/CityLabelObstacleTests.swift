import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The base map's place names give way to annotation views and their
/// titles: a pin on a city hides its name, and the name comes back when
/// the pin leaves.
@Suite struct CityLabelObstacleTests {
    static let madrid = Coordinate(latitude: 40.4, longitude: -3.7)

    func names(_ window: Window) -> [String: UInt32] {
        let items = window.renderScene().items.filter { $0.kind == .curvedText && !$0.properties.hidden }
        return Dictionary(items.map { ($0.properties.text, $0.id) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aPinOnACityHidesItsNameAndItsLeavingBringsItBack() throws {
        let (window, map) = makeMap(camera: Camera(center: Self.madrid, zoom: 5), baseMap: testBaseMap)
        let named = try #require(names(window)["Madrid"], "Madrid is named on the bare map")
        let pin = PointAnnotation(coordinate: Self.madrid, title: "A long title over the name")
        map.addAnnotation(pin)
        #expect(names(window)["Madrid"] == nil, "the pin and its title win")
        map.removeAnnotation(pin)
        #expect(names(window)["Madrid"] == named, "the name is back, the same item")
    }

    @Test func aHiddenViewDoesNotHideAName() throws {
        let (window, map) = makeMap(camera: Camera(center: Self.madrid, zoom: 5), baseMap: testBaseMap)
        let pin = PointAnnotation(coordinate: Self.madrid, title: "Over Madrid")
        map.addAnnotation(pin)
        _ = names(window)
        let view = try #require(map.view(for: pin))
        view.isHidden = true
        #expect(map.cityLabelObstacles().isEmpty)
        #expect(names(window)["Madrid"] != nil)
    }

    @Test func namesDoNotOverlapAndAPlaceIsNamedLevelWithoutGlyphs() throws {
        let (window, _) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48, longitude: 10), zoom: 5), baseMap: testBaseMap)
        let scene = window.renderScene()
        let places = scene.items.filter {
            $0.kind == .curvedText && !$0.properties.hidden && $0.properties.glyphs == nil
        }
        let texts = Set(places.map(\.properties.text))
        #expect(["Germany", "Berlin", "Munich", "Paris"].allSatisfy(texts.contains), "\(texts.sorted())")
        // Level names of one size: their anchors are at least a name's height apart, or far apart across.
        let boxes = places.map { item -> Rect in
            let p = window.worldToScreen(
                Point(x: Double(item.properties.anchor!.x), y: Double(item.properties.anchor!.y)))
            let width = Double(item.properties.text.count) * Double(item.properties.font.size) * 0.45
            return Rect(x: p.x - width / 2, y: p.y - 5, width: width, height: 10)
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] { #expect(!a.intersects(b)) }
        }
    }

    @Test func aPatchKnowsWhetherAPinMovedOntoANameOrOffOne() throws {
        let (window, map) = makeMap(camera: Camera(center: Self.madrid, zoom: 5), baseMap: testBaseMap)
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 30, longitude: -30), title: "At sea"))
        #expect(names(window)["Madrid"] != nil)
        let madrid = map.screenPoint(forWorld: Mercator.project(Self.madrid))
        let overMadrid = Rect(x: madrid.x - 10, y: madrid.y - 10, width: 20, height: 20)
        let atSea = Rect(x: 5, y: 5, width: 20, height: 20)
        #expect(map.streetLabels.drawsTheSameNames(under: map.cityLabelObstacles()), "nothing moved")
        #expect(!map.streetLabels.drawsTheSameNames(under: map.cityLabelObstacles() + [overMadrid]))
        #expect(map.streetLabels.namesMeet([overMadrid]))
        #expect(!map.streetLabels.namesMeet([atSea]), "a corner of open sea is named by nothing")
    }

    @Test func aPinMovingOntoANameHidesItAndOneMovingAtSeaChangesNoName() throws {
        let (window, map) = makeMap(camera: Camera(center: Self.madrid, zoom: 5), baseMap: testBaseMap)
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 30, longitude: -30), title: "A long title at sea")
        map.addAnnotation(pin)
        let before = names(window)
        #expect(before["Madrid"] != nil)
        pin.coordinate = Coordinate(latitude: 31, longitude: -31)
        map.annotationDidMove(pin)
        #expect(names(window) == before, "a pin moving where no name is changes none")
        pin.coordinate = Self.madrid
        map.annotationDidMove(pin)
        #expect(names(window)["Madrid"] == nil, "the same pin moved onto Madrid hides its name")
        pin.coordinate = Coordinate(latitude: 30, longitude: -30)
        map.annotationDidMove(pin)
        #expect(names(window)["Madrid"] == before["Madrid"], "and moving off brings it back")
    }

    @Test func aPinMovingOnANameItCoversKeepsThePlacement() throws {
        let (window, map) = makeMap(camera: Camera(center: Self.madrid, zoom: 5), baseMap: testBaseMap)
        let pin = PointAnnotation(coordinate: Self.madrid, title: "Over Madrid")
        map.addAnnotation(pin)
        let before = names(window)
        #expect(before["Madrid"] == nil, "the pin covers Madrid")
        let placements = map.streetLabels.placements
        // A glide of a fraction of a pixel: the pin still covers the names it did, so each is left out as it was.
        pin.coordinate = Coordinate(latitude: 40.41, longitude: -3.71)
        map.annotationDidMove(pin)
        #expect(names(window) == before)
        #expect(map.streetLabels.placements == placements, "the names were not placed again")
        pin.coordinate = Coordinate(latitude: 30, longitude: -30)
        map.annotationDidMove(pin)
        #expect(names(window)["Madrid"] != nil, "off the name, the name comes back")
        #expect(map.streetLabels.placements == placements + 1)
    }
}
