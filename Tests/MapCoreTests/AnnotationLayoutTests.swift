import MapGeometry
import Synchronization
import Testing
import ViewKit

@testable import MapCore

/// A shared source that adds up the area of the rects maps ask it for.
private final class AreaCountingSource: SharedAnnotationSource {
    let index: SharedAnnotationIndex
    let askedArea = Mutex<Double>(0)

    init(_ annotations: [Annotation]) { index = SharedAnnotationIndex(annotations) }

    func delegatedAnnotations(in rect: Rect) -> [(annotation: Annotation, point: Point)] {
        askedArea.withLock { $0 += rect.width * rect.height }
        return index.delegatedAnnotations(in: rect)
    }

    func point(of annotation: Annotation) -> Point? { index.point(of: annotation) }

    var allAnnotations: [Annotation] { index.allAnnotations }
}

/// The layout of annotation views: a pan at one zoom asks only for the
/// strips it brings near and gives back the views it leaves behind.
@Suite struct AnnotationLayoutTests {
    /// Clusters the pins whose titles start with "C".
    private final class Grouping: MapViewDelegate {
        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
            annotation.title?.hasPrefix("C") == true ? "dots" : nil
        }
    }

    /// What `map` keeps a view for: each annotation's title, each cluster's members'.
    private static func shown(_ map: MapView) -> Set<String> {
        Set(
            map.annotationContainer.subviews.compactMap { view -> String? in
                guard let annotation = (view as? AnnotationView)?.annotation else { return nil }
                guard let cluster = annotation as? ClusterAnnotation else { return annotation.title ?? "" }
                return cluster.memberAnnotations.compactMap(\.title).sorted().joined(separator: "+")
            })
    }

    /// A map over own, shared and clustered pins takes random pans at one
    /// zoom. After each, it keeps views for what a map laying out the same
    /// rect from scratch shows (and for the selected pin wherever it goes),
    /// and it asked the shared source for a fraction of those rects' area.
    @Test func panningAtOneZoomShowsWhatAWholeLayoutShows() throws {
        let own = scatter(600, lat: 35...50, lon: -5...25, seed: 3)
        let dots = scatter(400, lat: 38...46, lon: 0...20, seed: 5).map { pin in
            PointAnnotation(coordinate: pin.coordinate, title: "C" + (pin.title ?? ""))
        }
        let sharedPins = scatter(1_200, lat: 35...50, lon: -5...25, seed: 4).map { pin in
            PointAnnotation(coordinate: pin.coordinate, title: "S" + (pin.title ?? ""))
        }
        let start = Camera(center: Coordinate(latitude: 42, longitude: 10), zoom: 7)
        let grouping = Grouping()
        let (window, map) = makeMap(camera: start)
        let (wholeWindow, whole) = makeMap(camera: start)
        let source = AreaCountingSource(sharedPins)
        for m in [map, whole] {
            m.delegate = grouping
            m.addAnnotations(own + dots)
        }
        map.sharedAnnotations = source
        whole.sharedAnnotations = AreaCountingSource(sharedPins)
        var state: UInt64 = 9
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        var center = start.center
        var selected: Annotation?
        var (layouts, laidOutArea) = (0, 0.0)
        for step in 0..<150 {
            if step == 10,
                let pin = map.annotationContainer.subviews.compactMap({
                    ($0 as? AnnotationView)?.annotation
                }).first(where: { $0.title?.hasPrefix("P") == true })
            {
                selected = pin
                for m in [map, whole] { m.selectAnnotation(pin, animated: false) }
            }
            // Mostly drags of up to 60 px, now and then one of up to 400, along either axis or both.
            let reach = (step % 10 == 9 ? 800 : 120) / Mercator.pixelsPerUnit(zoom: 7)
            center = center + Point(x: next() * reach, y: next() * reach / 2)
            map.camera = Camera(center: center, zoom: 7)
            let before = map.laidOutRect
            _ = window.renderScene()
            let rect = try #require(map.laidOutRect)
            if rect != before {
                layouts += 1
                laidOutArea += rect.width * rect.height
            }
            // The other map lays out that same rect from scratch.
            whole.camera = Camera(center: Point(x: rect.midX, y: rect.midY), zoom: 7)
            whole.needsAnnotationLayout = true
            _ = wholeWindow.renderScene()
            #expect(Self.shown(map) == Self.shown(whole), "step \(step)")
        }
        #expect(layouts > 30)
        #expect(map.annotationContainer.subviews.contains { $0 is ClusterAnnotationView }, "clusters near")
        #expect(map.view(for: try #require(selected)) != nil, "the selected pin keeps its view")
        let asked = source.askedArea.withLock { $0 }
        #expect(asked < laidOutArea / 3, "asked for \(asked) of \(laidOutArea)")
    }

    /// The strips are exactly the part of the new rect outside the old one.
    @Test func theStripsCoverWhatThePanAdds() {
        var state: UInt64 = 21
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<200 {
            let last = Rect(x: next(), y: next(), width: 0.3, height: 0.2)
            let near = last.offsetBy(dx: (next() - 0.5) * 0.5, dy: (next() - 0.5) * 0.3)
            let strips = MapView.strips(of: near, outside: last)
            for _ in 0..<200 {
                let p = Point(x: near.minX + next() * near.width, y: near.minY + next() * near.height)
                let inside = strips.filter { $0.contains(p) }.count
                #expect(inside == (last.contains(p) ? 0 : 1), "\(p) in \(strips) for \(near) past \(last)")
            }
        }
    }
}
