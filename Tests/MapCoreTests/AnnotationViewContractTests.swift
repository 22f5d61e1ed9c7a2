import DisplayList
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The MKAnnotationView contract: what apps set on a view and what the map
/// promises back.
@Suite struct AnnotationViewContractTests {
    /// A view built from subviews (no image), recording what the map calls.
    final class Built: AnnotationView {
        var displayed: [String?] = []
        var preparedWithAnnotation: [String?] = []
        required init(annotation: Annotation?, reuseIdentifier: String?) {
            super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
            frame.size = Size(width: 40, height: 30)
            let body = View(frame: Rect(x: 0, y: 0, width: 40, height: 30))
            body.backgroundColor = .white
            addSubview(body)
        }
        override func prepareForDisplay() { displayed.append(annotation?.title) }
        override func prepareForReuse() {
            preparedWithAnnotation.append(annotation?.title)
            super.prepareForReuse()
        }
    }

    final class Delegate: MapViewDelegate {
        var configure: (AnnotationView) -> Void = { _ in }
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "built", for: annotation)
            configure(view)
            return view
        }
    }

    /// The map holds its delegate weakly: the suite keeps it for the test.
    let delegate = Delegate()

    func builtMap(_ configure: @escaping (AnnotationView) -> Void = { _ in })
        -> (Window, MapView, Delegate)
    {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        delegate.configure = configure
        map.delegate = delegate
        map.register(Built.self, forAnnotationViewWithReuseIdentifier: "built")
        return (window, map, delegate)
    }

    func tap(_ window: Window, _ view: View, at time: Double = 10) {
        let c = view.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: c, time: time))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: c, time: time + 0.05))
    }

    @Test func aDisabledViewIsNotSelectedByATapNorTheKeyboard() throws {
        let (window, map, _) = builtMap {
            $0.isEnabled = false
            $0.canShowCallout = true
        }
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "A")
        map.addAnnotation(a)
        _ = window.renderScene()
        let view = try #require(map.view(for: a))
        tap(window, view)
        #expect(map.selectedAnnotations.isEmpty)
        #expect(!view.activate())
        #expect(map.selectedAnnotations.isEmpty && map.calloutView == nil)
        view.isEnabled = true
        tap(window, view, at: 20)
        #expect(map.selectedAnnotations.first === a)
    }

    @Test func prepareForDisplayRunsForEachAnnotationShownNewOrReused() throws {
        let (window, map, _) = builtMap()
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "A")
        map.addAnnotation(a)
        _ = window.renderScene()
        let view = try #require(map.view(for: a) as? Built)
        #expect(view.displayed == ["A"])
        map.removeAnnotation(a)
        let b = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "B")
        map.addAnnotation(b)
        _ = window.renderScene()
        #expect(map.view(for: b) === view)
        #expect(view.displayed == ["A", "B"])
        // Reset when taken from the queue, before it shows B: it no longer held A.
        #expect(view.preparedWithAnnotation == [nil])
    }

    @Test func noCalloutWithoutATitle() throws {
        let (window, map, _) = builtMap { $0.canShowCallout = true }
        let untitled = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: nil)
        let empty = PointAnnotation(coordinate: Coordinate(latitude: 0.01, longitude: 0), title: "")
        map.addAnnotations([untitled, empty])
        _ = window.renderScene()
        for a in [untitled, empty] {
            map.selectAnnotation(a, animated: false)
            #expect(map.selectedAnnotations.first === a, "selected all the same")
            #expect(map.calloutView == nil)
        }
    }

    @Test func aHigherZPriorityDrawsInFront() throws {
        let (window, map, _) = builtMap()
        // Same place: without priorities the later (lower on screen) would be in front.
        let back = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Back")
        let front = PointAnnotation(coordinate: Coordinate(latitude: 0.001, longitude: 0), title: "Front")
        map.addAnnotations([back, front])
        _ = window.renderScene()
        let order = { map.annotationContainer.subviews.compactMap { ($0 as? AnnotationView)?.annotation?.title } }
        #expect(order() == ["Front", "Back"], "by default the one lower on screen is in front")
        map.view(for: front)?.zPriority = 900
        map.needsAnnotationLayout = true
        _ = window.renderScene()
        #expect(order() == ["Back", "Front"])
    }

    @Test func aViewBuiltFromSubviewsShowsTheStandardCalloutAtItsTopCentre() throws {
        let (window, map, _) = builtMap { $0.canShowCallout = true }
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Built", subtitle: "Sub")
        map.addAnnotation(a)
        _ = window.renderScene()
        let view = try #require(map.view(for: a))
        map.selectAnnotation(a, animated: false) // at rest: no bounce scaling its frame
        _ = window.renderScene()
        let callout = try #require(map.calloutView)
        #expect(callout.titleLabel.text == "Built" && !callout.subtitleLabel.isHidden)
        let tip = callout.frameInWindow().origin + callout.bubble.arrowTip
        let top = view.frameInWindow()
        #expect(abs(tip.x - top.midX) < 1 && abs(tip.y - top.minY) < 1, "\(tip) \(top) \(callout.frameInWindow())")
    }

    @Test func calloutOffsetAloneMovesTheArrowTip() throws {
        let (window, map, _) = builtMap {
            $0.canShowCallout = true
            $0.calloutOffset = Point(x: 7, y: 5)
        }
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Offset")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        let view = try #require(map.view(for: a))
        let callout = try #require(map.calloutView)
        let tip = callout.frameInWindow().origin + callout.bubble.arrowTip
        let top = view.frameInWindow()
        #expect(abs(tip.x - (top.midX + 7)) < 1 && abs(tip.y - (top.minY + 5)) < 1)
    }

    @Test func accessoryOffsetsMoveTheAccessories() throws {
        let left = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let right = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let (window, map, _) = builtMap {
            $0.canShowCallout = true
            $0.leftCalloutAccessoryView = left
            $0.rightCalloutAccessoryView = right
        }
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Accessories")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        let plainLeft = left.frame.origin, plainRight = right.frame.origin
        map.deselectAnnotation(a, animated: false)
        let view = try #require(map.view(for: a))
        view.leftCalloutOffset = Point(x: 3, y: -2)
        view.rightCalloutOffset = Point(x: -4, y: 1)
        map.selectAnnotation(a, animated: false)
        #expect(left.frame.origin == plainLeft + Point(x: 3, y: -2))
        #expect(right.frame.origin == plainRight + Point(x: -4, y: 1))
    }

    @Test func appsSetSelectedHighlightedAndAnnotation() throws {
        let view = Built(annotation: nil, reuseIdentifier: nil)
        view.isSelected = true
        #expect(view.isSelected && view.accessibilityFlags.contains(.selected), "through setSelected")
        view.isHighlighted = true
        #expect(view.isHighlighted)
        let a = PointAnnotation(coordinate: Coordinate(latitude: 1, longitude: 2), title: "Mine")
        view.annotation = a
        #expect(view.annotation === a)
        view.prepareForReuse()
        #expect(!view.isSelected && !view.isHighlighted)
    }

    @Test func oneClassRegisteredForTheDefaultIdentifierServesEveryDefaultView() throws {
        final class House: AnnotationView {}
        for withPinImage in [false, true] {
            let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
            if withPinImage {
                map.defaultPinImage = ImageResource(
                    id: ResourceID.next(), format: .svg, width: 20, height: 30,
                    data: Array("<svg/>".utf8))
            }
            let identifier = MapView.defaultAnnotationViewReuseIdentifier
            map.register(House.self, forAnnotationViewWithReuseIdentifier: identifier)
            let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "A")
            map.addAnnotation(a)
            _ = window.renderScene()
            #expect(map.view(for: a) is House, "pin image: \(withPinImage)")
        }
    }
}
