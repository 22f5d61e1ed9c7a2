import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The base map's city names give way to annotation views and their
/// titles: a pin on a city hides its name, and the name comes back when
/// the pin leaves.
@Suite struct CityLabelObstacleTests {
    func names(_ window: Window) -> Set<UInt32> {
        Set(window.renderScene().items.filter { $0.kind == .text }.map(\.id))
    }

    @Test func aPinOnACityHidesItsNameAndItsLeavingBringsItBack() throws {
        let city = try #require(testBaseMap.cities.first { $0.name == "Madrid" })
        let (window, map) = makeMap(
            camera: Camera(center: Mercator.unproject(city.world), zoom: 5),
            baseMap: testBaseMap)
        #expect(names(window).contains(city.labelItemID), "Madrid is named on the bare map")
        // A marker whose title sits right over the name, to the right of the city's dot.
        let pin = PointAnnotation(coordinate: Mercator.unproject(city.world), title: "A long title over the name")
        map.addAnnotation(pin)
        #expect(!names(window).contains(city.labelItemID), "the pin and its title win")
        map.removeAnnotation(pin)
        #expect(names(window).contains(city.labelItemID), "the name is back")
    }

    @Test func aHiddenViewDoesNotHideAName() throws {
        let city = try #require(testBaseMap.cities.first { $0.name == "Madrid" })
        let (window, map) = makeMap(
            camera: Camera(center: Mercator.unproject(city.world), zoom: 5),
            baseMap: testBaseMap)
        let pin = PointAnnotation(coordinate: Mercator.unproject(city.world), title: "Over Madrid")
        map.addAnnotation(pin)
        _ = names(window)
        let view = try #require(map.view(for: pin))
        view.isHidden = true
        #expect(map.cityLabelObstacles().isEmpty)
    }
}
