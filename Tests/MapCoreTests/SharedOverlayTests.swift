import DisplayList
import InputEvents
import MapGeometry
import Synchronization
import Testing
import ViewKit

@testable import MapCore

/// Shapes every map draws from one shared layer (the shared world's lines
/// and areas): drawn under a map's own overlays, nothing kept per shape in
/// a map, and a change drawn in the next frame of every map.
@Suite struct SharedOverlayTests {
    /// A source over a list of shapes, as the shared world is one.
    final class Source: SharedOverlaySource {
        private let state = Mutex<(overlays: [Overlay], version: UInt64, layer: SharedOverlayLayer?)>(([], 1, nil))

        var overlayVersion: UInt64 { state.withLock { $0.version } }

        func overlayLayer() -> SharedOverlayLayer {
            state.withLock { s in
                if let layer = s.layer { return layer }
                let drawings = s.overlays.map { MapView.standardRenderer(for: $0).itemProperties() }
                let layer = SharedOverlayLayer(
                    overlays: s.overlays, drawings: drawings, itemIDs: s.overlays.map { _ in ItemID.next() })
                s.layer = layer
                return layer
            }
        }

        func set(_ overlays: [Overlay]) {
            state.withLock { s in
                s = (overlays, s.version + 1, nil)
            }
        }
    }

    final class Delegate: MapViewDelegate {
        var taps: [Overlay] = []
        func mapView(_ mapView: MapView, didSelect overlay: Overlay, at coordinate: Coordinate) {
            taps.append(overlay)
        }
    }

    let zone = Polygon(coordinates: [
        Coordinate(latitude: -0.5, longitude: -0.5), Coordinate(latitude: -0.5, longitude: 0.5),
        Coordinate(latitude: 0.5, longitude: 0.5), Coordinate(latitude: 0.5, longitude: -0.5),
    ])
    let route = Polyline(
        coordinates: [Coordinate(latitude: 0.2, longitude: -1), Coordinate(latitude: 0.2, longitude: 1)],
        title: "Route")
    let delegate = Delegate()

    func map(_ source: Source) -> (Window, MapView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 8))
        map.sharedOverlays = source
        map.delegate = delegate
        return (window, map)
    }

    @Test func everyMapDrawsTheSharedShapesUnderItsOwnAndKeepsNoneOfThem() throws {
        let source = Source()
        source.set([zone, route])
        let (windowA, a) = map(source)
        let (windowB, _) = map(source)
        let own = Circle(center: Coordinate(latitude: 0, longitude: 0), radius: 500)
        a.addOverlay(own, level: .aboveRoads)
        let sceneA = windowA.renderScene()
        let sceneB = windowB.renderScene()
        let pathsA = sceneA.items.filter { $0.kind == .worldPath }
        #expect(
            pathsA.map(\.properties.path) == [
                zone.path(forZoom: 8).id, route.path(forZoom: 8).id, own.path(forZoom: 8).id,
            ])
        // The same items and the same paths in both maps: made once for every map.
        let pathsB = sceneB.items.filter { $0.kind == .worldPath }
        #expect(pathsB.map(\.id) == Array(pathsA.map(\.id).prefix(2)))
        #expect(a.overlays.count == 1, "the shared shapes are not the map's own")
        #expect(sceneA.accessibility.contains { $0.name == "Route" })
        let area = try #require(pathsA.first)
        #expect(area.properties.fill == MapView.standardOverlayColor.withAlpha(0.2))
    }

    @Test func aChangeOfTheSharedShapesIsDrawnInTheNextFrameNotPatched() throws {
        let source = Source()
        source.set([zone])
        let (window, map) = map(source)
        let before = window.renderScene()
        #expect(map.renderEpochPatch(afterRender: before.generation) != nil)
        source.set([zone, route])
        #expect(map.renderEpochPatch(afterRender: before.generation) == nil)
        let after = window.renderScene()
        #expect(after.items.filter { $0.kind == .worldPath }.count == 2)
        #expect(map.renderEpochPatch(afterRender: after.generation) != nil, "drawn: the map follows again")
    }

    @Test func aTapHitsTheTopmostSharedShapeAndTheMapsOwnAboveThem() throws {
        let source = Source()
        source.set([zone, route])
        let (window, map) = map(source)
        _ = window.renderScene()
        let onRoute = map.convert(Coordinate(latitude: 0.2, longitude: 0.8))
        #expect(map.overlay(at: onRoute) === route)
        let inZone = map.convert(Coordinate(latitude: -0.3, longitude: 0))
        #expect(map.overlay(at: inZone) === zone)
        let own = Circle(center: Coordinate(latitude: -0.3, longitude: 0), radius: 2_000)
        map.addOverlay(own, level: .aboveRoads)
        #expect(map.overlay(at: inZone) === own)
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: onRoute, time: 10))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: onRoute, time: 10.05))
        #expect(delegate.taps.last === route)
    }

    /// A line of the shared world: it opens the standard callout where tapped.
    final class WorldRoute: Polyline, CalloutOverlay, @unchecked Sendable {}

    @Test func aTitledWorldShapeOpensTheStandardCalloutWhereItIsTapped() throws {
        let source = Source()
        let titled = WorldRoute(
            coordinates: [Coordinate(latitude: 0.2, longitude: -1), Coordinate(latitude: 0.2, longitude: 1)],
            title: "Route 7", subtitle: "Every 10 minutes")
        let untitled = WorldRoute(coordinates: [
            Coordinate(latitude: -0.2, longitude: -1), Coordinate(latitude: -0.2, longitude: 1),
        ])
        source.set([titled, untitled])
        let (window, map) = map(source)
        _ = window.renderScene()
        let tapAt = map.convert(Coordinate(latitude: 0.2, longitude: 0.5))
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: tapAt, time: 10))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: tapAt, time: 10.05))
        _ = window.renderScene()
        let callout = try #require(map.calloutView)
        #expect(callout.titleLabel.text == "Route 7" && callout.subtitleLabel.text == "Every 10 minutes")
        // It points at the tap: the callout's anchor is the tapped place on the line.
        let anchor = try #require(map.selectedAnnotations.first)
        #expect(
            abs(map.convert(anchor.coordinate).x - tapAt.x) < 1 && abs(map.convert(anchor.coordinate).y - tapAt.y) < 1)
        #expect(delegate.taps.last === titled, "the delegate hears of the tap too")
        // A tap on the untitled line closes it and opens none; the point it pointed at goes.
        let other = map.convert(Coordinate(latitude: -0.2, longitude: 0.5))
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: other, time: 11))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: other, time: 11.05))
        _ = window.renderScene()
        #expect(map.calloutView == nil && map.selectedAnnotations.isEmpty)
        #expect(map.perMapAnnotationCount == 0)
        #expect(delegate.taps.last === untitled)
    }
}
