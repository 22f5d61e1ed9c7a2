import DisplayList
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
            #expect(map.glideShownAnnotation(pin, to: to, milliseconds: 250))
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

    /// A move near the viewport is one anchor change with a glide: the page
    /// draws the way there, and the view keeps the glide's length until it
    /// is placed some other way.
    @Test func aSharedPinMovedNearTheViewportGlidesOnThePage() throws {
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -150), title: "Boat")
        let source = SharedAnnotationIndex([pin])
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        _ = window.renderScene()
        let view = try #require(map.view(for: pin))
        pin.coordinate = Coordinate(latitude: 0.5, longitude: -149)
        source.move(pin)
        let to = Mercator.project(pin.coordinate)
        #expect(map.glideShownAnnotation(pin, to: to, milliseconds: 250))
        let scene = window.renderScene()
        #expect(map.view(for: pin) === view && view.worldAnchor == to)
        let item = try #require(scene.items.first { $0.properties.anchor == WorldAnchor(to) })
        #expect(item.properties.glideMilliseconds == 250)
        #expect(map.perMapAnnotationCount == 0, "at the source's point: nothing kept for it")
        // Placed otherwise (a drag, a far move), it jumps.
        pin.coordinate = Coordinate(latitude: 1, longitude: -148)
        source.move(pin)
        map.annotationDidMove(pin)
        _ = window.renderScene()
        #expect(view.worldAnchor == Mercator.project(pin.coordinate) && view.glideMilliseconds == 0)
    }

    /// A pin without a view here, or one leaving what was laid out, is not
    /// glided: the caller moves it at once and a layout gives or takes its view.
    @Test func aPinWithoutAViewOrLeavingIsNotGlided() throws {
        let near = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -150), title: "Near")
        let far = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -100), title: "Far")
        let hidden = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -151), title: "Hidden")
        let source = SharedAnnotationIndex([near, far, hidden])
        let (window, map) = makeMap(camera: Self.pacific)
        map.sharedAnnotations = source
        map.removeAnnotations([hidden])
        _ = window.renderScene()
        #expect(map.view(for: far) == nil)
        #expect(!map.glideShownAnnotation(far, to: Mercator.project(near.coordinate), milliseconds: 250))
        #expect(!map.glideShownAnnotation(hidden, to: Mercator.project(near.coordinate), milliseconds: 250))
        #expect(!map.glideShownAnnotation(near, to: Mercator.project(far.coordinate), milliseconds: 250))
        #expect(map.shared.displaced.isEmpty)
        near.coordinate = far.coordinate
        source.move(near)
        map.annotationDidMove(near)
        _ = window.renderScene()
        #expect(map.view(for: near) == nil, "left what is laid out: its view went back to the queue")
    }
}
