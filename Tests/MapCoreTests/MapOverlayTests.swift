import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct MapOverlayTests {
    final class Delegate: MapViewDelegate {
        var taps: [(Overlay, Coordinate)] = []
        var rendererAsked: [ObjectIdentifier] = []
        func mapView(_ mapView: MapView, rendererFor overlay: Overlay) -> OverlayRenderer? {
            rendererAsked.append(ObjectIdentifier(overlay))
            guard let line = overlay as? Polyline else { return nil }
            let renderer = PolylineRenderer(polyline: line)
            renderer.strokeColor = Color(hex: 0xE63946)
            renderer.lineWidth = 5
            renderer.lineDashPattern = [8, 4]
            return renderer
        }
        func mapView(_ mapView: MapView, didSelect overlay: Overlay, at coordinate: Coordinate) {
            taps.append((overlay, coordinate))
        }
    }

    let route = Polyline(
        coordinates: [Coordinate(latitude: 0, longitude: -1), Coordinate(latitude: 0, longitude: 1)], title: "Route")
    let zone = Polygon(coordinates: [
        Coordinate(latitude: -0.5, longitude: -0.5), Coordinate(latitude: -0.5, longitude: 0.5),
        Coordinate(latitude: 0.5, longitude: 0.5), Coordinate(latitude: 0.5, longitude: -0.5),
    ])

    /// Held by the suite: the map holds its delegate weakly.
    let delegate = Delegate()

    func map() -> (Window, MapView, Delegate) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 8))
        map.delegate = delegate
        return (window, map, delegate)
    }

    func tap(_ window: Window, at p: Point) {
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: p, time: 10))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: p, time: 10.05))
    }

    @Test func overlaysKeepTheirOrderWithinAndAcrossLevels() {
        let (_, map, delegate) = map()
        let a = Circle(center: Coordinate(latitude: 0, longitude: 0), radius: 1_000)
        map.addOverlay(zone, level: .aboveRoads)
        map.addOverlays([route, a])
        #expect(map.overlays.map(ObjectIdentifier.init) == [zone, route, a].map(ObjectIdentifier.init))
        let b = Circle(center: Coordinate(latitude: 1, longitude: 1), radius: 1_000)
        map.insertOverlay(b, below: route)
        #expect(map.overlays(in: .aboveLabels).map(ObjectIdentifier.init) == [b, route, a].map(ObjectIdentifier.init))
        map.insertOverlay(b, above: zone)
        #expect(map.overlays(in: .aboveRoads).map(ObjectIdentifier.init) == [zone, b].map(ObjectIdentifier.init))
        map.exchangeOverlay(zone, with: a)
        #expect(map.overlays.map(ObjectIdentifier.init) == [a, b, route, zone].map(ObjectIdentifier.init))
        map.insertOverlay(zone, at: 0, level: .aboveLabels)
        #expect(map.overlays(in: .aboveLabels).first === zone)
        map.removeOverlays([a, b])
        #expect(map.overlays.map(ObjectIdentifier.init) == [zone, route].map(ObjectIdentifier.init))
        // Moving an overlay keeps its renderer: the delegate was asked once for each.
        #expect(delegate.rendererAsked.count == 4)
        #expect(map.renderer(for: a) == nil)
        #expect((map.renderer(for: route) as? PolylineRenderer)?.lineWidth == 5)
    }

    @Test func anOverlayDrawsAsAWorldPathWithItsRenderersStyle() throws {
        let (window, map, _) = map()
        map.addOverlays([zone, route])
        let scene = window.renderScene()
        let paths = scene.items.filter { $0.kind == .worldPath }
        #expect(paths.count == 2)
        let line = try #require(paths.first { $0.properties.path == route.path.id })
        #expect(line.properties.stroke == ItemStroke(color: Color(hex: 0xE63946), width: 5))
        #expect(line.properties.line?.dashPattern == [8, 4])
        #expect(line.properties.line?.cap == .round && line.properties.line?.join == .round)
        #expect(line.properties.fill == .clear)
        // No renderer from the delegate: the standard blue outline, the area lightly filled, holes even-odd.
        let area = try #require(paths.first { $0.properties.path == zone.path.id })
        #expect(area.properties.stroke.color == MapView.standardOverlayColor)
        #expect(area.properties.fill == MapView.standardOverlayColor.withAlpha(0.2))
        #expect(area.properties.evenOdd)
        // Each path goes to the browser with the frame, and the layer repeats in every copy of the world.
        #expect(Set(scene.paths.map(\.id)).isSuperset(of: [route.path.id, zone.path.id]))
        let layer = try #require(scene.items.first { $0.id == line.parent })
        #expect(layer.properties.repeatsWorld)
        // Drawn under the annotation views: the overlay layer comes before them among the map's children.
        let order = scene.items.map(\.id)
        #expect(order.firstIndex(of: layer.id)! < order.firstIndex(of: map.annotationContainer.id)!)
    }

    @Test func aRoadLevelOverlayDrawsBetweenTheLandAndThePlaceNames() throws {
        let (window, map) = makeMap(
            camera: Camera(center: Coordinate(latitude: 48.85, longitude: 2.35), zoom: 6), baseMap: testBaseMap)
        let area = Polygon(coordinates: [
            Coordinate(latitude: 48, longitude: 1), Coordinate(latitude: 48, longitude: 3),
            Coordinate(latitude: 50, longitude: 3),
        ])
        map.addOverlay(area, level: .aboveRoads)
        let scene = window.renderScene()
        let ids = scene.items.map(\.id)
        let overlay = try #require(scene.items.firstIndex { $0.properties.path == area.path.id })
        let lastTile = try #require(ids.indices.last { scene.items[$0].kind == .worldPath && $0 != overlay })
        let firstName = try #require(scene.items.firstIndex { $0.kind == .curvedText })
        #expect(lastTile < overlay && overlay < firstName)
    }

    @Test func aRendererChangeIsDrawnInTheNextFrame() throws {
        let (window, map, _) = map()
        map.addOverlay(route)
        let before = window.renderScene()
        // At rest and unchanged, the map would patch its annotation views alone.
        #expect(map.renderEpochPatch(afterRender: before.generation) != nil)
        let renderer = try #require(map.renderer(for: route) as? PolylineRenderer)
        renderer.strokeEnd = 0.4
        // A renderer's change is not in that patch: the next frame must be whole.
        #expect(map.renderEpochPatch(afterRender: before.generation) == nil)
        let scene = window.renderScene()
        let line = try #require(scene.items.first { $0.properties.path == route.path.id })
        #expect(line.properties.line?.strokeEnd == 0.4)
    }

    @Test func aTapOnAnOverlayReachesTheDelegateAtTheTappedCoordinate() throws {
        let (window, map, delegate) = map()
        map.addOverlays([zone, route])
        _ = window.renderScene()
        // Inside the zone but off the line: the zone.
        let inZone = map.convert(Coordinate(latitude: 0.3, longitude: 0.2))
        tap(window, at: inZone)
        #expect(delegate.taps.count == 1)
        #expect(delegate.taps.last?.0 === zone)
        #expect(abs(delegate.taps.last!.1.latitude - 0.3) < 0.01)
        // On the line, 4 points off it, where it crosses the zone: the line, which is on top.
        let onLine = map.convert(Coordinate(latitude: 0, longitude: 0.2))
        tap(window, at: Point(x: onLine.x, y: onLine.y + 4))
        #expect(delegate.taps.last?.0 === route)
        // Past the zone, 20 points off the line: nothing.
        let far = map.convert(Coordinate(latitude: 0, longitude: 0.8))
        tap(window, at: Point(x: far.x, y: far.y - 20))
        #expect(delegate.taps.count == 2)
    }

    @Test func annotationsWinOverOverlaysAndATapOnAnOverlayDeselects() throws {
        let (window, map, delegate) = map()
        map.addOverlay(zone)
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0.1, longitude: 0.1), title: "Pin")
        map.addAnnotation(pin)
        _ = window.renderScene()
        let view = try #require(map.view(for: pin))
        tap(window, at: view.frameInWindow().center)
        #expect(map.selectedAnnotations.first === pin)
        #expect(delegate.taps.isEmpty)
        tap(window, at: map.convert(Coordinate(latitude: -0.4, longitude: -0.4)))
        #expect(map.selectedAnnotations.isEmpty)
        #expect(delegate.taps.count == 1)
    }

    @Test func onlyTitledOverlaysAreInTheAccessibilityMirror() throws {
        let (window, map, _) = map()
        map.addOverlays([zone, route])
        let scene = window.renderScene()
        let named = scene.accessibility.filter { $0.name == "Route" }
        #expect(named.count == 1)
        let item = try #require(scene.items.first { $0.id == named[0].item })
        #expect(item.properties.path == route.path.id)
        // Its element covers the line's bounds on screen: two degrees of longitude at zoom 8.
        let width = Double(item.properties.frame.width)
        #expect(abs(width - 2.0 / 360 * 256 * 256) < 1)
        let zoneItem = try #require(scene.items.first { $0.properties.path == zone.path.id })
        #expect(!scene.accessibility.contains { $0.item == zoneItem.id })
    }
}
