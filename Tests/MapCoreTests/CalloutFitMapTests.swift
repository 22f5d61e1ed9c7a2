import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The map's side of fitting callouts: insets, views over the map, the
/// scroll before the pop, and the delegate hearing of it.
@Suite struct CalloutFitMapTests {
    final class ScrollSpy: MapViewDelegate {
        var scrolls: [(offset: Point, duration: Double)] = []
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.canShowCallout = true
            return view
        }
        func mapView(_ mapView: MapView, calloutWillScrollMapBy offset: Point, duration: Double) {
            scrolls.append((offset, duration))
        }
    }

    /// A map with one titled annotation whose pin sits at `screen`.
    func mapWithPin(at screen: Point, size: Size = Size(width: 800, height: 600))
        -> (Window, MapView, PointAnnotation, ScrollSpy)
    {
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10)
        let (window, map) = makeMap(size: size, camera: camera)
        let spy = ScrollSpy()
        map.delegate = spy
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        let a = PointAnnotation(coordinate: map.convert(screen), title: "Golden Gate Bridge", subtitle: "Opened 1937")
        map.addAnnotation(a)
        _ = window.renderScene()
        return (window, map, a, spy)
    }

    func run(_ window: Window, seconds: Double) {
        guard let clock = window.clock as? ManualClock else { return }
        var t = 0.0
        while t < seconds {
            clock.advance(by: 1.0 / 60)
            t += 1.0 / 60
            window.animator.tick()
        }
        _ = window.renderScene()
    }

    func bubbleInWindow(_ map: MapView) -> Rect? {
        guard let callout = map.calloutView else { return nil }
        return callout.frameInWindow()
    }

    @Test func aPinNearTheTopScrollsFirstThenTheCalloutPops() throws {
        let (window, map, a, spy) = mapWithPin(at: Point(x: 400, y: 40))
        map.selectAnnotation(a, animated: true)
        let scroll = try #require(spy.scrolls.first)
        #expect(scroll.duration == map.calloutScrollDuration)
        #expect(scroll.offset.y > 0 && scroll.offset.x == 0)
        let callout = try #require(map.calloutView)
        #expect(callout.isHidden, "waits for the scroll")
        run(window, seconds: map.calloutScrollDuration * 0.9)
        #expect(callout.isHidden)
        run(window, seconds: 0.6)
        #expect(!callout.isHidden && callout.scale == 1)
        let bubble = try #require(bubbleInWindow(map))
        #expect(bubble.minY >= CalloutPlacement.margin - 0.5)
        #expect(map.bounds.contains(bubble))
    }

    @Test func aCalloutThatFitsPopsAtOnceWithoutScrolling() throws {
        let (_, map, a, spy) = mapWithPin(at: Point(x: 400, y: 400))
        map.selectAnnotation(a, animated: true)
        #expect(spy.scrolls.isEmpty)
        #expect(map.calloutView?.isHidden == false)
    }

    @Test func calloutInsetsKeepTheCalloutOffThatEdge() throws {
        let (window, map, a, _) = mapWithPin(at: Point(x: 400, y: 200))
        map.calloutInsets = EdgeInsets(top: 150, left: 0, bottom: 0, right: 0)
        map.selectAnnotation(a, animated: false)
        run(window, seconds: 1)
        let bubble = try #require(bubbleInWindow(map))
        #expect(bubble.minY >= 150 + CalloutPlacement.margin - 0.5, "\(bubble)")
    }

    @Test func aViewOverTheMapTakesItsEdgeOfTheConstrainedRect() throws {
        let (window, map, a, _) = mapWithPin(at: Point(x: 400, y: 560))
        let bar = View(frame: Rect(x: 200, y: 520, width: 400, height: 60))
        map.addSubview(bar)
        #expect(map.calloutConstrainedRect.maxY == 520)
        map.selectAnnotation(a, animated: false)
        run(window, seconds: 1)
        let bubble = try #require(bubbleInWindow(map))
        #expect(!bubble.intersects(bar.frame))
        // The pin itself came out from under the bar.
        #expect(map.convert(a.coordinate).y <= 520 - CalloutPlacement.margin + 0.5)
    }

    @Test func theMapsOwnControlsAreKeptClearOf() throws {
        let (window, map, a, _) = mapWithPin(at: Point(x: 30, y: 300))
        map.controls.options = MapControlsOptions()
        _ = window.renderScene()
        let covered = map.controls.coveredRects
        #expect(!covered.isEmpty)
        map.selectAnnotation(a, animated: false)
        run(window, seconds: 1)
        let bubble = try #require(bubbleInWindow(map))
        for r in map.controls.coveredRects { #expect(!bubble.intersects(r), "\(bubble) under \(r)") }
    }

    @Test func aResizeReplacesTheOpenCallout() throws {
        let (window, map, a, _) = mapWithPin(at: Point(x: 400, y: 200))
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        let before = try #require(bubbleInWindow(map))
        #expect(before.minY > 0)
        // Half as tall, the same centre: the pin ends 50 px from the top.
        map.frame.size = Size(width: 800, height: 300)
        _ = window.renderScene()
        run(window, seconds: 1)
        let after = try #require(bubbleInWindow(map))
        #expect(map.bounds.contains(after), "\(after)")
        // Still above the pin: the map scrolled down to make room.
        #expect(map.calloutView?.bubble.direction == .down && map.convert(a.coordinate).y > 100)
    }

    @Test func theArrowCanBeHeldToOneDirection() throws {
        let (window, map, a, _) = mapWithPin(at: Point(x: 400, y: 400))
        map.selectAnnotation(a, animated: false)
        #expect(map.calloutView?.bubble.direction == .down)
        map.deselectAnnotation(a, animated: false)
        map.view(for: a)?.calloutPermittedArrowDirection = .up
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        #expect(map.calloutView?.bubble.direction == .up)
    }

    @Test func aPinMovingNearTheTopFlipsItsOpenCalloutWithoutScrolling() throws {
        let (window, map, a, spy) = mapWithPin(at: Point(x: 400, y: 400))
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        #expect(map.calloutView?.bubble.direction == .down)
        let camera = map.camera
        // A live move (or a drag) takes the pin to 30 px under the top edge.
        a.coordinate = map.convert(Point(x: 400, y: 30))
        map.annotationDidMove(a)
        _ = window.renderScene()
        #expect(map.calloutView?.bubble.direction == .up, "flipped below the pin")
        let bubble = try #require(bubbleInWindow(map))
        #expect(map.bounds.contains(bubble))
        #expect(map.camera == camera && spy.scrolls.isEmpty, "a moving pin never scrolls the map")
    }
}
