import Foundation
import MapWire
import Testing
import ViewKit

@testable import SampleApps

/// The demo's travellers are background detail on the sample map: violet
/// markers and clusters of their own that give way to the people's pins.
@Suite struct TravellerViewTests {
    static func map() -> (Window, MapView, WorldMapController) {
        let window = Window(size: Size(width: 1280, height: 800), clock: ManualClock())
        let fonts = PersonDetailScreenTests.fonts
        let map = MapView(
            frame: window.bounds, fonts: fonts, baseMap: nil,
            camera: Camera(center: Coordinate(latitude: 20, longitude: 75), zoom: 3))
        window.addSubview(map)
        window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
        let controller = WorldMapController(mapView: map, content: SampleMapAppTests.content, samples: [.wishlist])
        return (window, map, controller)
    }

    @Test func aTravellerIsALowPriorityVioletMarker() throws {
        let (window, map, controller) = Self.map()
        let traveller = LiveAnnotation(
            id: "traveller-1", kind: WorldMapController.travellerKind, title: "Traveller 1",
            coordinate: Coordinate(latitude: 20, longitude: 75),
            clusteringIdentifier: WorldMapController.travellerClusteringIdentifier)
        map.addAnnotation(traveller)
        _ = window.renderScene()
        let marker = try #require(map.view(for: traveller) as? MarkerAnnotationView)
        #expect(marker.displayPriority == .defaultLow && marker.markerTintColor == WorldMapController.travellerTint)
        let other = LiveAnnotation(id: "pin", title: "Pin", coordinate: Coordinate(latitude: 10, longitude: 60))
        #expect(controller.travellerView(for: other, on: map) == nil, "other API pins keep the default view")
    }

    @Test func aTravellerUnderAPersonsPinHides() throws {
        let (window, map, controller) = Self.map()
        let person = try #require(SampleMapAppTests.content.people.first)
        map.camera = Camera(center: person.coordinate, zoom: 3)
        map.addAnnotation(person)
        let traveller = LiveAnnotation(
            id: "traveller-2", kind: WorldMapController.travellerKind, title: "Traveller 2",
            coordinate: person.coordinate)
        map.addAnnotation(traveller)
        _ = window.renderScene()
        let travellerView = try #require(map.view(for: traveller))
        let personView = try #require(map.view(for: person))
        #expect(!personView.isHidden && travellerView.isHidden, "the person's pin wins")
        withExtendedLifetime(controller) {}
    }
}
