import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct ReuseTests {
    @Test func aLongPanCreatesAboutTheVisibleNumberOfViews() {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: -170), zoom: 6))
        map.addAnnotations(scatter(10_000, lat: -5...5, lon: -180...180))
        var peakLive = 0
        for _ in 0..<400 {
            map.camera = map.camera.panned(byScreen: Point(x: -60, y: 0))
            _ = window.renderScene()
            peakLive = max(peakLive, map.reuseCounts.live)
        }
        let counts = map.reuseCounts
        // 400 * 60 px at zoom 6 crosses about 130° of the scatter: thousands of pins pass by.
        #expect(counts.reused > 2000)
        #expect(counts.created <= peakLive + 50)
        #expect(counts.created < 10_000 / 5)
        #expect(counts.live == map.annotationContainer.subviews.count)
    }

    @Test func reusedViewsArePreparedAndShowTheirNewAnnotation() {
        final class Tracking: AnnotationView {
            var prepared = 0
            override func prepareForReuse() {
                super.prepareForReuse()
                prepared += 1
            }
        }
        final class Delegate: MapViewDelegate {
            func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
                mapView.dequeueReusableAnnotationView(withIdentifier: "t", for: annotation)
            }
        }
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let delegate = Delegate()
        map.delegate = delegate
        map.register(Tracking.self, forAnnotationViewWithReuseIdentifier: "t")
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "A")
        let b = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 10), title: "B")
        map.addAnnotations([a, b])
        _ = window.renderScene()
        let viewA = map.view(for: a) as? Tracking
        #expect(viewA != nil && map.view(for: b) == nil)
        map.camera = Camera(center: Coordinate(latitude: 0, longitude: 10), zoom: 10)
        _ = window.renderScene()
        #expect(map.view(for: a) == nil)
        #expect(map.view(for: b) === viewA)
        #expect(viewA?.prepared == 1)
        #expect(viewA?.annotation === b)
        #expect(viewA?.accessibilityLabel == "B")
        #expect(map.reuseCounts.created == 1 && map.reuseCounts.reused == 1)
    }

    @Test func defaultViewIsUsedWhenTheDelegateGivesNone() {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "A")
        map.addAnnotation(a)
        _ = window.renderScene()
        let view = map.view(for: a)
        #expect(view != nil && view?.reuseIdentifier == MapView.defaultIdentifier)
        #expect(view is MarkerAnnotationView, "the default view is a marker, as in MapKit since iOS 11")
    }
}

@Suite struct CalloutInfoTests {
    @Test func anOpenCalloutFollowsItsAnnotationsTitleAndSubtitle() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let a = PointAnnotation(
            coordinate: Coordinate(latitude: 0, longitude: 0), title: "Old title", subtitle: "Old subtitle")
        map.addAnnotation(a)
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        let callout = try #require(map.calloutView)
        let before = callout.frame.width
        a.title = "A much longer new title for this place"
        a.subtitle = "New subtitle"
        let scene = window.renderScene()
        #expect(
            scene.accessibility.contains { $0.role == .heading && $0.name == "A much longer new title for this place" })
        #expect(scene.accessibility.contains { $0.role == .text && $0.name == "New subtitle" })
        // The bubble was laid out again for the longer title.
        #expect(callout.frame.width > before)
    }
}
