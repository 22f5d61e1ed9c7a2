import Foundation
import MapWire
import Testing
import ViewKit

@testable import SampleApps

/// The Helsinki sample on a tab's map: a green line per route under the
/// trams, and a marker per tram with its line's number.
@Suite struct TramViewTests {
    static func map(
        samples: Set<SampleMapApp.Sample> = [.helsinki], camera: Camera = SampleMapApp.helsinkiCamera
    ) -> (Window, MapView, WorldMapController) {
        let window = Window(size: Size(width: 1280, height: 800), clock: ManualClock())
        let map = MapView(frame: window.bounds, fonts: PersonDetailScreenTests.fonts, baseMap: nil, camera: camera)
        window.addSubview(map)
        window.worldToScreen = { [unowned map] in map.screenPoint(forWorld: $0) }
        let controller = WorldMapController(mapView: map, content: SampleMapAppTests.content, samples: samples)
        return (window, map, controller)
    }

    @Test func eachRouteIsAnOverlayInItsLinesColour() throws {
        let (_, map, controller) = Self.map()
        let lines = SampleMapAppTests.content.trams.lines
        #expect(map.overlays.count == lines.count && controller.tramRoutes.count == lines.count)
        for (overlay, line) in controller.tramRoutes {
            #expect(overlay.polylines.count == line.pieces.count)
            let renderer = try #require(map.renderer(for: overlay) as? MultiPolylineRenderer)
            #expect(renderer.strokeColor == line.color && renderer.lineWidth > 0)
        }
        #expect(map.overlays(in: .aboveRoads).count == lines.count, "under the street names and the trams")
        // The shades differ line by line, and stay HSL's green.
        #expect(Set(lines.map(\.color)).count == Set(lines.map(\.ref)).count)
        #expect(TramLine.color(ofLine: "1") == TramLine.hslGreen)
    }

    @Test func everyMapSharesTheRoutesOverlaysAndTheirPaths() throws {
        let (window, _, first) = Self.map()
        let (other, _, second) = Self.map()
        #expect(first.tramRoutes.count == second.tramRoutes.count && !first.tramRoutes.isEmpty)
        #expect(zip(first.tramRoutes, second.tramRoutes).allSatisfy { $0.overlay === $1.overlay })
        // One overlay, one set of paths: the second map sends the same resources the first made.
        let paths = Set(window.renderScene().items.compactMap { $0.kind == .worldPath ? $0.properties.path : nil })
        let theirs = Set(other.renderScene().items.compactMap { $0.kind == .worldPath ? $0.properties.path : nil })
        #expect(!paths.isEmpty && paths == theirs)
    }

    @Test func theOtherSamplesHaveNoTramLines() {
        let (_, map, controller) = Self.map(samples: [.wishlist, .mapcallouts])
        #expect(map.overlays.isEmpty && controller.tramRoutes.isEmpty)
    }

    @Test func aTramIsAMarkerWithItsLineNumberAndAStandardCallout() throws {
        let (window, map, controller) = Self.map()
        let network = SampleMapAppTests.content.trams
        let tram = try #require(network.trams.first { network.line(of: $0).ref == "6T" })
        let line = network.line(of: tram)
        let state = network.state(of: tram, at: 0)
        let live = LiveAnnotation(
            id: tram.id, kind: TramNetwork.kind, title: line.title, subtitle: state.subtitle,
            coordinate: SampleMapApp.helsinkiCamera.centerCoordinate)
        map.addAnnotation(live)
        _ = window.renderScene()
        let marker = try #require(map.view(for: live) as? MarkerAnnotationView)
        #expect(marker.glyphText == "6T" && marker.markerTintColor == line.color && marker.canShowCallout)
        #expect(marker.displayPriority == .defaultHigh, "overlapping trams give way to each other")
        let other = LiveAnnotation(
            id: "pin", title: "Pin", coordinate: SampleMapApp.helsinkiCamera.centerCoordinate)
        #expect(controller.tramView(for: other, on: map) == nil, "other API pins keep the default view")
        let stranger = LiveAnnotation(
            id: "tram-0-1", kind: TramNetwork.kind, title: "Not ours",
            coordinate: SampleMapApp.helsinkiCamera.centerCoordinate)
        #expect(controller.tramView(for: stranger, on: map) == nil, "a pin of kind tram the sample does not run")
    }

    @Test func theRoutesAndTheirCreditShowOnlyZoomedInOnHelsinki() throws {
        let credit = "© OpenStreetMap contributors"
        let (_, map, controller) = Self.map(camera: Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 4))
        #expect(map.overlays.isEmpty && !controller.showsTramRoutes, "a few pixels on the world map: left out")
        #expect(!map.controls.options.attributions.contains(credit))
        map.setCamera(SampleMapApp.helsinkiCamera, animated: false)
        #expect(map.overlays.count == controller.tramRoutes.count && controller.showsTramRoutes)
        #expect(map.controls.options.attributions.filter { $0 == credit }.count == 1)
        // Zoomed out to the region, the lines go; the trams, on OpenStreetMap's tracks, are still credited.
        map.setCamera(Camera(center: SampleMapApp.helsinkiCamera.centerCoordinate, zoom: 9), animated: false)
        #expect(map.overlays.isEmpty && map.controls.options.attributions == [credit])
        // Zoomed in elsewhere, they go, and the credit with them.
        map.setCamera(Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 15), animated: false)
        #expect(map.overlays.isEmpty && !map.controls.options.attributions.contains(credit))
    }

    @Test func aCreditGivenAlreadyIsNeitherRepeatedNorTakenAway() {
        let credit = "© OpenStreetMap contributors"
        let (_, map, _) = Self.map(camera: Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 4))
        map.controls.options.attributions = [credit]
        map.setCamera(SampleMapApp.helsinkiCamera, animated: false)
        #expect(map.controls.options.attributions == [credit])
        map.setCamera(Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 4), animated: false)
        #expect(map.controls.options.attributions == [credit])
    }
}
