import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The mirror and Tab take the pins row by row, left to right, whatever
/// their exact heights: paint order follows those to the pixel.
@Suite struct ReadingOrderTests {
    /// Pins in a row whose heights fall from west to east by a fraction of a
    /// pixel each, and one pin well below them at the far west.
    static func map() -> (Window, MapView, [PointAnnotation]) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 40, longitude: 5), zoom: 6))
        var pins = (0..<4).map { i in
            PointAnnotation(
                coordinate: Coordinate(latitude: 40.000 + 0.001 * Double(i), longitude: Double(i * 3)),
                title: "Row \(i)")
        }
        pins.append(PointAnnotation(coordinate: Coordinate(latitude: 38, longitude: 0), title: "Below"))
        map.addAnnotations(pins)
        return (window, map, pins)
    }

    @Test func theMirrorReadsARowLeftToRightThenTheNextRow() throws {
        let (window, map, _) = Self.map()
        let scene = window.renderScene()
        let names = scene.accessibility.map(\.name).filter { $0.hasPrefix("Row") || $0 == "Below" }
        #expect(names == ["Row 0", "Row 1", "Row 2", "Row 3", "Below"])
        // Painted by exact height: the east end of the row, a fraction of a pixel higher, goes first.
        let painted = map.annotationContainer.subviews.compactMap { ($0 as? AnnotationView)?.annotation?.title }
        #expect(painted.firstIndex(of: "Row 3")! < painted.firstIndex(of: "Row 0")!)
        // Tab walks the same order as the mirror.
        let focusable = window.focusableViews().compactMap { ($0 as? AnnotationView)?.annotation?.title ?? nil }
        #expect(focusable == ["Row 0", "Row 1", "Row 2", "Row 3", "Below"])
    }

    /// A pin that moves a little within its row changes places in the paint
    /// order but not in the mirror: the browser is sent no new list.
    @Test func aSmallMoveWithinARowLeavesTheListAlone() throws {
        let (window, map, pins) = Self.map()
        var differ = SceneDiffer()
        _ = differ.diff(to: window.renderScene())
        let before = map.annotationContainer.subviews.map(\.id)
        // Row 0 moves above Row 3 by a hair: first in the paint order's row, still first when read.
        pins[0].coordinate = Coordinate(latitude: 40.004, longitude: 0)
        map.annotationDidMove(pins[0])
        let ops = differ.diff(to: window.renderScene())
        #expect(map.annotationContainer.subviews.map(\.id) != before, "the paint order changed")
        #expect(!ops.contains { if case .accessibility = $0 { true } else { false } })
    }

    /// A pin that moves keeps its place in the mirror and in Tab's order, so
    /// that pass after pass Tab visits the pins in the same order under a
    /// live feed; once the map comes to rest after a pan, they read where
    /// they are.
    @Test func aPinThatMovesKeepsItsPlaceUntilTheMapComesToRest() throws {
        let (window, map, pins) = Self.map()
        window.defaultKeyResponder = map
        func names(_ scene: Scene) -> [String] {
            scene.accessibility.map(\.name).filter { $0.hasPrefix("Row") || $0 == "Below" }
        }
        var differ = SceneDiffer()
        _ = differ.diff(to: window.renderScene())
        // Row 0 moves to the east end of its row, then Below comes up into it, between Row 1 and Row 2.
        pins[0].coordinate = Coordinate(latitude: 40, longitude: 10)
        map.annotationDidMove(pins[0])
        pins[4].coordinate = Coordinate(latitude: 40.002, longitude: 4.5)
        map.annotationDidMove(pins[4])
        let scene = window.renderScene()
        #expect(names(scene) == ["Row 0", "Row 1", "Row 2", "Row 3", "Below"])
        #expect(
            !differ.diff(to: scene).contains { if case .accessibility = $0 { true } else { false } },
            "the browser is sent no new list")
        let focusable = window.focusableViews().compactMap { ($0 as? AnnotationView)?.annotation?.title ?? nil }
        #expect(focusable == ["Row 0", "Row 1", "Row 2", "Row 3", "Below"])
        // A pin that comes in takes its place by where it is.
        map.addAnnotation(PointAnnotation(coordinate: Coordinate(latitude: 40, longitude: 7.5), title: "Row new"))
        #expect(names(window.renderScene()) == ["Row 0", "Row 1", "Row 2", "Row new", "Row 3", "Below"])
        // An arrow key pans the map; once it comes to rest the pins read where they are.
        window.dispatch(KeyEvent(key: "ArrowLeft"))
        let clock = try #require(window.clock as? ManualClock)
        while window.animator.isAnimating {
            clock.advance(by: 1.0 / 60)
            window.animator.tick()
            _ = window.renderScene()
        }
        #expect(names(window.renderScene()) == ["Row 1", "Below", "Row 2", "Row new", "Row 3", "Row 0"])
    }

    /// Pans that bring pins in and out, and pins that move, keep the layer
    /// in paint order: the views that joined are merged among the others.
    @Test func pansAndMovesKeepThePinsInPaintOrder() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 7))
        let pins = scatter(1_500, lat: 0...20, lon: 0...20, seed: 5)
        map.addAnnotations(pins)
        var joined = 0
        var center = Coordinate(latitude: 10, longitude: 10)
        for step in 0..<60 {
            let before = Set(map.annotationContainer.subviews.map(\.id))
            let east = step % 20 < 10 ? 0.4 : -0.4
            center = Coordinate(latitude: center.latitude + east / 4, longitude: center.longitude + east)
            map.camera = Camera(center: center, zoom: 7)
            if step % 7 == 3 {
                let pin = pins[step * 13 % pins.count]
                let moved = pin.coordinate
                pin.coordinate = Coordinate(latitude: moved.latitude - 0.2, longitude: moved.longitude)
                map.annotationDidMove(pin)
            }
            _ = window.renderScene()
            let views = try map.annotationContainer.subviews.map { try #require($0 as? AnnotationView) }
            let keys = views.map(MapView.PaintOrder.init)
            #expect(keys.count > 100)
            for k in keys.indices.dropFirst() { #expect(keys[k - 1].precedes(keys[k]), "step \(step) at \(k)") }
            joined += map.annotationContainer.subviews.filter { !before.contains($0.id) }.count
        }
        #expect(joined > 500, "pans brought pins in")
    }

    /// Views whose anchors change height are put back in paint order by
    /// reading only them and the views they land among: whether one moved,
    /// a few, none out of place, or several past each other.
    @Test func viewsThatChangedHeightFindTheirPlaces() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 7))
        map.addAnnotations(scatter(400, lat: 5...15, lon: 5...15, seed: 11))
        _ = window.renderScene()
        var random = SystemRandomNumberGenerator()
        var reordered = 0
        for round in 0..<200 {
            let views = try map.annotationContainer.subviews.map { try #require($0 as? AnnotationView) }
            #expect(views.count > 100)
            let moving = Array(views.shuffled(using: &random).prefix(round % 12 + 1))
            for view in moving {
                let anchor = try #require(view.worldAnchor)
                // Some by a hair (most stay put), some by up to 60 px, past many others.
                let pixel = Mercator.worldSize / (256 * 128)
                let reach = round % 3 == 0 ? 1e-4 * pixel : 60 * pixel
                let step = Double.random(in: -reach...reach, using: &random)
                view.place(at: Point(x: anchor.x, y: anchor.y + step))
            }
            let before = map.annotationContainer.subviews.map(\.id)
            map.sortAnnotationViews(afterMoving: moving)
            let after = try map.annotationContainer.subviews.map { try #require($0 as? AnnotationView) }
            #expect(Set(after.map(\.id)) == Set(before), "round \(round): the same views")
            let keys = after.map(MapView.PaintOrder.init)
            for k in keys.indices.dropFirst() { #expect(keys[k - 1].precedes(keys[k]), "round \(round) at \(k)") }
            if after.map(\.id) != before { reordered += 1 }
        }
        #expect(reordered > 100, "most rounds moved views past others")
    }

    /// The mirror follows its last reading order when a pan brings pins in
    /// and lets others go: it reads as a reading order worked out afresh.
    @Test func pansKeepTheMirrorInReadingOrder() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 10, longitude: 10), zoom: 7))
        map.addAnnotations(scatter(1_500, lat: 0...20, lon: 0...20, seed: 8))
        var center = Coordinate(latitude: 10, longitude: 10)
        var joined = 0
        for step in 0..<60 {
            let before = Set(map.annotationContainer.subviews.map(\.id))
            let east = step % 20 < 10 ? 0.4 : -0.4
            center = Coordinate(latitude: center.latitude - east / 3, longitude: center.longitude + east)
            map.camera = Camera(center: center, zoom: 7)
            let scene = window.renderScene()
            let layer = map.annotationContainer.subviews
            let ids = Set(layer.map(\.id))
            let mirrored = scene.accessibility.map(\.item).filter { ids.contains($0) }
            let container = try #require(map.annotationContainer as? AnnotationContainerView)
            let afresh = container.readingOrder().map { layer[$0].id }.filter(Set(mirrored).contains)
            #expect(mirrored.count > 100)
            #expect(mirrored == afresh, "step \(step)")
            joined += layer.filter { !before.contains($0.id) }.count
        }
        #expect(joined > 500, "pans brought pins in")
    }
}
