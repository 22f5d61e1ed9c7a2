import MapGeometry
import Synchronization
import Testing
import ViewKit
@testable import MapCore

/// A shared source that counts how often maps ask it (each ask takes its lock).
final class CountingSource: SharedAnnotationSource {
    let index: SharedAnnotationIndex
    let asks = Atomic<Int>(0)

    init(_ annotations: [Annotation]) { index = SharedAnnotationIndex(annotations) }

    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        asks.add(1, ordering: .relaxed)
        return index.delegatedAnnotations(in: rect)
    }

    func point(of annotation: Annotation) -> Point? {
        asks.add(1, ordering: .relaxed)
        return index.point(of: annotation)
    }

    var allAnnotations: [Annotation] { index.allAnnotations }
}

/// A map reading a shared source: views for what is near, nothing kept for
/// the rest, glides and hiding per map.
@Suite struct SharedAnnotationsTests {
    static let pacific = Camera(center: Coordinate(latitude: 0, longitude: -150), zoom: 6)

    @Test func farSharedAnnotationsCostTheMapNothing() {
        let source = SharedAnnotationIndex(scatter(2_000, lat: 40...55, lon: -5...20))
        let near = PointAnnotation(coordinate: Coordinate(latitude: 0.5, longitude: -150.5), title: "Near")
        source.add(near)
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        _ = window.renderScene()
        #expect(map.perMapAnnotationCount == 0)
        #expect(map.reuseCounts.live == 1)
        #expect(map.view(for: near) != nil)
        // The map still answers everything it shows.
        #expect(map.annotations.count == 2_001)
        // Looking at the 2,000 makes views for them, still without an entry each.
        map.camera = Camera(center: Coordinate(latitude: 47.5, longitude: 7.5), zoom: 4)
        _ = window.renderScene()
        #expect(map.reuseCounts.live > 1_000)
        #expect(map.perMapAnnotationCount == 0)
    }

    @Test func settingASourceDropsTheMapsOwnCopies() {
        let pins = scatter(50, lat: -1...1, lon: -151...(-149))
        let (window, map) = makeMap(camera: Self.pacific)
        map.addAnnotations(pins)
        _ = window.renderScene()
        #expect(map.perMapAnnotationCount == 50)
        let before = map.reuseCounts.live
        map.sharedAnnotations = SharedAnnotationIndex(pins)
        _ = window.renderScene()
        #expect(map.perMapAnnotationCount == 0)
        #expect(map.reuseCounts.live == before)
        #expect(map.annotations.count == 50)
    }

    @Test func aSharedPinGlidingOutKeepsItsViewUntilTheGlideEnds() {
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -150), title: "Boat")
        let source = SharedAnnotationIndex([pin])
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        _ = window.renderScene()
        let view = map.view(for: pin)
        #expect(view != nil)
        // The source moves it far out of the viewport; the map is told it glides there.
        let from = Mercator.project(pin.coordinate)
        pin.coordinate = Coordinate(latitude: 0, longitude: -120)
        source.move(pin)
        let to = Mercator.project(pin.coordinate)
        for f in [0.0, 0.05, 0.1] {
            let p = from + (to - from) * f
            map.showAnnotation(pin, at: p)
            _ = window.renderScene()
            // Still in view at its displayed point, though the source has it far away.
            #expect(map.view(for: pin) === view)
            #expect(map.view(for: pin)?.worldAnchor == p)
            #expect(map.displayedPoint(of: pin) == p)
            #expect(map.perMapAnnotationCount == 1)
        }
        map.showAnnotation(pin, at: to)
        _ = window.renderScene()
        #expect(map.view(for: pin) == nil)
        #expect(map.perMapAnnotationCount == 0)
        #expect(map.reuseCounts.queued == 1)
    }

    @Test func aSharedPinGlidingInGetsItsViewAtItsDisplayedPoint() {
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -120), title: "Boat")
        let source = SharedAnnotationIndex([pin])
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        _ = window.renderScene()
        #expect(map.view(for: pin) == nil)
        let from = Mercator.project(pin.coordinate)
        pin.coordinate = Coordinate(latitude: 0, longitude: -150)
        source.move(pin)
        let to = Mercator.project(pin.coordinate)
        // At the start of the glide it is shown far away: no view yet, though the source has it in view.
        map.showAnnotation(pin, at: from)
        _ = window.renderScene()
        #expect(map.view(for: pin) == nil)
        let inside = from + (to - from) * 0.9
        map.showAnnotation(pin, at: inside)
        _ = window.renderScene()
        #expect(map.view(for: pin)?.worldAnchor == inside)
        map.showAnnotation(pin, at: to)
        _ = window.renderScene()
        #expect(map.view(for: pin)?.worldAnchor == to)
        #expect(map.perMapAnnotationCount == 0)
    }

    @Test func removingASharedAnnotationHidesItOnThisMapOnly() {
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -150), title: "A")
        let source = SharedAnnotationIndex([a])
        let (window1, map1) = makeMap(camera: Self.pacific)
        let (window2, map2) = makeMap(camera: Self.pacific)
        map1.sharedAnnotations = source
        map2.sharedAnnotations = source
        map1.removeAnnotation(a)
        _ = window1.renderScene()
        _ = window2.renderScene()
        #expect(map1.view(for: a) == nil)
        #expect(map1.annotations.isEmpty)
        #expect(map2.view(for: a) != nil)
        map1.selectAnnotation(a, animated: false)
        #expect(map1.selectedAnnotations.isEmpty)
        map1.addAnnotation(a)
        _ = window1.renderScene()
        #expect(map1.view(for: a) != nil)
        #expect(map1.perMapAnnotationCount == 0)
    }

    @Test func aSelectedSharedAnnotationTheSourceDropsIsDeselected() {
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -150), title: "A")
        let source = SharedAnnotationIndex([a])
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        _ = window.renderScene()
        map.selectAnnotation(a, animated: false)
        #expect(map.selectedAnnotations.first === a)
        #expect(map.calloutView != nil)
        source.remove(a)
        map.sharedAnnotationsDidRemove([a])
        _ = window.renderScene()
        #expect(map.selectedAnnotations.isEmpty)
        #expect(map.calloutView == nil)
        #expect(map.view(for: a) == nil)
        #expect(map.perMapAnnotationCount == 0)
    }

    @Test func clusteredSharedAnnotationsJoinTheMapsGroups() {
        final class ClusterAll: MapViewDelegate {
            func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? { "all" }
        }
        let pins = scatter(300, lat: -2...2, lon: -152...(-148))
        let source = SharedAnnotationIndex(pins)
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: -150), zoom: 3))
        let delegate = ClusterAll()
        map.delegate = delegate
        map.sharedAnnotations = source
        map.sharedAnnotationsDidAdd(pins)
        let scene = window.renderScene()
        // Clustered here, not shown one by one from the source.
        #expect(scene.accessibility.contains { $0.name.hasSuffix(" places") })
        #expect(map.reuseCounts.live < 10)
        #expect(map.perMapAnnotationCount == 300)
    }

    /// A session watching thousands of moving pins glides each of them many
    /// times a second; none of that may queue on the lock the feed writes under.
    @Test func glidingAPinWithAViewDoesNotAskTheSource() {
        let pins = scatter(20, lat: -2...2, lon: -152...(-148))
        let source = CountingSource(pins)
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        _ = window.renderScene()
        #expect(map.reuseCounts.live == 20)
        let asked = source.asks.load(ordering: .relaxed)
        for pin in pins {
            let from = Mercator.project(pin.coordinate)
            pin.coordinate = Coordinate(latitude: pin.coordinate.latitude, longitude: pin.coordinate.longitude + 0.5)
            source.index.move(pin)
            let to = Mercator.project(pin.coordinate)
            #expect(map.displayedPoint(of: pin) == from)
            for f in [0.0, 0.25, 0.5, 0.75, 1.0] { map.showAnnotation(pin, at: from + (to - from) * f) }
            #expect((map.displayedPoint(of: pin)?.distance(to: to) ?? .infinity) < 1e-6)
        }
        #expect(source.asks.load(ordering: .relaxed) == asked)
        #expect(map.perMapAnnotationCount == 0)
        // A drag's move (annotationDidMove) of a pin with a view does not ask either.
        pins[0].coordinate = Coordinate(latitude: 1, longitude: -150)
        map.annotationDidMove(pins[0])
        #expect(map.view(for: pins[0])?.worldAnchor == Mercator.project(pins[0].coordinate))
        #expect(source.asks.load(ordering: .relaxed) == asked)
    }

    @Test func aPinStartingToGlideInFromWhereTheAppSaysDoesNotAskTheSource() {
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -120), title: "Boat")
        let hidden = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -121), title: "Hidden")
        let source = CountingSource([pin, hidden])
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        map.removeAnnotations([hidden])
        _ = window.renderScene()
        let asked = source.asks.load(ordering: .relaxed)
        let from = Mercator.project(pin.coordinate)
        pin.coordinate = Coordinate(latitude: 0, longitude: -150)
        source.index.move(pin)
        let to = Mercator.project(pin.coordinate)
        // The app knows where the source has it (its change log): the glide starts without a lock.
        #expect(map.showSharedAnnotation(pin, at: from, headingTo: to))
        #expect(map.displayedPoint(of: pin) == from)
        for f in [0.5, 0.9, 1.0] { map.showAnnotation(pin, at: from + (to - from) * f) }
        #expect(source.asks.load(ordering: .relaxed) == asked)
        _ = window.renderScene()
        #expect(map.view(for: pin)?.worldAnchor == to)
        #expect(map.shared.displaced.isEmpty, "at its target it is no longer displaced")
        // One the app removed from this map is not shown, whatever the app says.
        #expect(!map.showSharedAnnotation(hidden, at: from, headingTo: to))
        #expect(map.displayedPoint(of: hidden) == nil)
    }
}
