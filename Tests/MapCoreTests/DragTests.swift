import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct DragTests {
    final class Recorder: MapViewDelegate {
        var changes: [(DragState, DragState)] = []
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "drag", for: annotation)
            view.isDraggable = true
            return view
        }
        func mapView(
            _ mapView: MapView, annotationView view: AnnotationView, didChange newState: DragState,
            fromOldState oldState: DragState
        ) {
            changes.append((oldState, newState))
        }
    }

    struct Rig {
        let window: Window
        let map: MapView
        let clock: ManualClock
        let delegate: Recorder
        let pin: PointAnnotation
        var moves: [Coordinate] = []
        var time = 1.0

        var pinScreen: Point { map.view(for: pin)!.frameInWindow().center }

        mutating func pointer(_ phase: PointerEvent.Phase, _ p: Point) {
            time += 0.05
            window.dispatch(PointerEvent(phase: phase, pointerID: 1, location: p, time: time))
            _ = window.renderScene()
        }

        func step(_ seconds: Double) {
            var t = 0.0
            while t < seconds - 1e-9 {
                clock.advance(by: 1.0 / 60)
                t += 1.0 / 60
                window.animator.tick()
                _ = window.renderScene()
            }
        }
    }

    private func rig() -> Rig {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        window.defaultKeyResponder = map
        let delegate = Recorder()
        map.delegate = delegate
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "drag")
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Drag me")
        map.addAnnotation(pin)
        _ = window.renderScene()
        return Rig(window: window, map: map, clock: window.clock as! ManualClock, delegate: delegate, pin: pin)
    }

    @Test func pressAndHoldLiftsThenTheViewFollowsAndDropsInOrder() {
        var r = rig()
        var moved: [Coordinate] = []
        r.map.annotationDragDidMove = { _, c in moved.append(c) }
        let start = r.pinScreen
        r.pointer(.down, start)
        r.step(0.3)
        #expect(r.map.view(for: r.pin)?.dragState == DragState.none, "not lifted before the hold")
        r.step(0.25)
        #expect(r.map.view(for: r.pin)?.dragState == .starting)
        let cameraBefore = r.map.camera
        r.pointer(.moved, start + Point(x: 60, y: 30))
        r.pointer(.moved, start + Point(x: 120, y: 50))
        #expect(r.map.view(for: r.pin)?.dragState == .dragging)
        #expect(r.map.camera == cameraBefore, "the map does not pan under a drag")
        let expected = r.map.convert(
            r.map.screenPoint(forWorld: Mercator.project(Coordinate(latitude: 0, longitude: 0))) + Point(x: 120, y: 50))
        #expect(abs(r.pin.coordinate.longitude - expected.longitude) < 1e-6)
        #expect(abs(r.pin.coordinate.latitude - expected.latitude) < 1e-6)
        r.pointer(.up, start + Point(x: 120, y: 50))
        #expect(r.map.view(for: r.pin)?.dragState == DragState.none)
        #expect(r.delegate.changes.map(\.1) == [.starting, .dragging, .ending, .none])
        #expect(r.delegate.changes.map(\.0) == [.none, .starting, .dragging, .ending])
        #expect(moved.count >= 2 && moved.last == r.pin.coordinate)
        #expect(r.map.selectedAnnotations.isEmpty, "a drop is not a tap")
        // The view sits on the new coordinate.
        #expect(r.map.view(for: r.pin)!.frameInWindow().center.distance(to: start + Point(x: 120, y: 50)) < 1)
    }

    @Test func escapeCancelsAndRestoresTheCoordinate() {
        var r = rig()
        let start = r.pinScreen
        r.pointer(.down, start)
        r.step(0.55)
        r.pointer(.moved, start + Point(x: 80, y: 0))
        #expect(r.pin.coordinate.longitude > 0)
        r.window.dispatch(KeyEvent(phase: .down, key: "Escape", modifiers: []))
        #expect(r.pin.coordinate == Coordinate(latitude: 0, longitude: 0))
        #expect(r.delegate.changes.map(\.1) == [.starting, .dragging, .canceling, .none])
        // The rest of the press does nothing.
        r.pointer(.moved, start + Point(x: 140, y: 0))
        r.pointer(.up, start + Point(x: 140, y: 0))
        #expect(r.pin.coordinate == Coordinate(latitude: 0, longitude: 0))
    }

    @Test func aSelectedViewDragsAtOnceAndAnUnselectedOnePansTheMapIfMovedEarly() {
        var r = rig()
        let start = r.pinScreen
        // Unselected: moving before the hold is a pan.
        r.pointer(.down, start)
        r.pointer(.moved, start + Point(x: 30, y: 0))
        r.pointer(.moved, start + Point(x: 60, y: 0))
        r.step(0.6)
        r.pointer(.up, start + Point(x: 60, y: 0))
        r.step(1)
        #expect(r.delegate.changes.isEmpty)
        #expect(r.pin.coordinate == Coordinate(latitude: 0, longitude: 0))
        #expect(r.map.camera.center != Mercator.project(Coordinate(latitude: 0, longitude: 0)))
        // Selected: a drag lifts it straight away.
        r.map.selectAnnotation(r.pin, animated: false)
        _ = r.window.renderScene()
        let here = r.pinScreen
        r.time += 1
        r.pointer(.down, here)
        r.pointer(.moved, here + Point(x: 0, y: 40))
        r.pointer(.up, here + Point(x: 0, y: 40))
        #expect(r.delegate.changes.map(\.1) == [.starting, .dragging, .ending, .none])
        #expect(r.pin.coordinate.latitude < 0)
    }

    @Test func nearAnEdgeTheMapPansUnderTheDraggedView() {
        var r = rig()
        let start = r.pinScreen
        r.pointer(.down, start)
        r.step(0.55)
        r.pointer(.moved, Point(x: 1275, y: start.y))
        let lon = r.pin.coordinate.longitude
        let center = r.map.camera.center
        r.step(0.5)
        #expect(r.map.camera.center.x > center.x, "the map scrolls towards the edge")
        #expect(r.pin.coordinate.longitude > lon, "the pin travels with it")
        r.pointer(.moved, Point(x: 640, y: start.y))
        let settled = r.map.camera.center
        r.step(0.3)
        #expect(r.map.camera.center == settled, "away from the edge the panning stops")
        r.pointer(.up, Point(x: 640, y: start.y))
    }
}

extension DragTests {
    @Test func aPressHighlightsTheViewUntilReleaseOrUntilItBecomesAPan() {
        var r = rig()
        let start = r.pinScreen
        let view = r.map.view(for: r.pin)!
        #expect(!view.isHighlighted)
        r.pointer(.down, start)
        #expect(view.isHighlighted)
        r.pointer(.up, start)
        #expect(!view.isHighlighted)
        r.time += 1
        r.pointer(.down, start)
        r.pointer(.moved, start + Point(x: 20, y: 0))
        r.pointer(.moved, start + Point(x: 40, y: 0))
        #expect(!view.isHighlighted, "the press became a pan")
        r.pointer(.up, start + Point(x: 40, y: 0))
    }
}
