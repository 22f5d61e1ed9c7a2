import Foundation
import MapWire
import Testing
import ViewKit

@testable import SampleApps

/// The Helsinki sample on a tab's map: a green line per route under the
/// trams, and a marker per tram with its line's number.
@Suite struct TramViewTests {
    static func map(samples: Set<SampleMapApp.Sample> = [.helsinki]) -> (Window, MapView, WorldMapController) {
        let window = Window(size: Size(width: 1280, height: 800), clock: ManualClock())
        let map = MapView(
            frame: window.bounds, fonts: PersonDetailScreenTests.fonts, baseMap: nil,
            camera: SampleMapApp.helsinkiCamera)
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
        let other = LiveAnnotation(
            id: "pin", title: "Pin", coordinate: SampleMapApp.helsinkiCamera.centerCoordinate)
        #expect(controller.tramView(for: other, on: map) == nil, "other API pins keep the default view")
        let stranger = LiveAnnotation(
            id: "tram-0-1", kind: TramNetwork.kind, title: "Not ours",
            coordinate: SampleMapApp.helsinkiCamera.centerCoordinate)
        #expect(controller.tramView(for: stranger, on: map) == nil, "a pin of kind tram the sample does not run")
    }

    @Test func theSampleCreditsOpenStreetMapOnce() {
        let (_, map, _) = Self.map()
        map.controls.options = MapControlsOptions()
        SampleMapApp.creditOpenStreetMap(on: map.controls)
        SampleMapApp.creditOpenStreetMap(on: map.controls)
        #expect(map.controls.options.attributions == ["© OpenStreetMap contributors"])
    }
}
