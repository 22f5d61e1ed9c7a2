import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A map shows the shared world's pins without a clustering identifier one
/// by one only while few lie near its viewport; beyond its limit it gathers
/// them, so its views are bounded by its screen, not by the world.
@Suite struct UnclusteredPinTests {
    static let pacific = Camera(center: Coordinate(latitude: 0, longitude: -150), zoom: 5)

    /// A map over `source` at `camera`, drawn once.
    func map(
        over source: UnclusteredPinsSource, camera: Camera = pacific,
        size: Size = Size(width: 1280, height: 800)
    ) -> (Window, MapView) {
        let (window, map) = makeMap(size: size, camera: camera)
        map.sharedAnnotations = source
        _ = window.renderScene()
        return (window, map)
    }

    /// The live views of pins shown one by one, and of the clusters gathering them.
    func views(_ map: MapView) -> (pins: [AnnotationView], clusters: [ClusterAnnotation]) {
        var pins: [AnnotationView] = [], clusters: [ClusterAnnotation] = []
        for view in map.liveViews.values {
            if let cluster = view.annotation as? ClusterAnnotation {
                if cluster.clusteringIdentifier == ClusterAnnotation.unclusteredIdentifier { clusters.append(cluster) }
            } else if view.annotation is TestPin {
                pins.append(view)
            }
        }
        return (pins, clusters)
    }

    /// How many of `pins` lie in what the map laid out.
    func pinsNear(_ map: MapView, _ pins: [TestPin]) -> Int {
        guard let rect = map.laidOutRect else { return -1 }
        return pins.filter { WorldWrap.contains(rect, Mercator.project($0.coordinate)) }.count
    }

    @Test func fewPinsNearTheViewportShowOneByOne() {
        let pins = scatterPins(200, lat: -5...5, lon: -160...(-140))
        let (_, map) = map(over: UnclusteredPinsSource(pins: pins))
        #expect(!map.gathersUnclusteredPins)
        #expect(views(map).pins.count == 200)
        #expect(views(map).clusters.isEmpty)
        for pin in pins { #expect(map.view(for: pin) != nil) }
    }

    @Test func beyondTheLimitTheyAreGatheredIntoCountedClusters() {
        let pins = scatterPins(3_000, lat: -5...5, lon: -160...(-140))
        let (window, map) = map(over: UnclusteredPinsSource(pins: pins))
        #expect(map.gathersUnclusteredPins)
        let (lone, clusters) = views(map)
        #expect(map.reuseCounts.live <= map.unclusteredPinLimit)
        #expect(!clusters.isEmpty)
        // Every pin is counted once: in a cluster, or shown alone in its cell.
        #expect(clusters.reduce(0) { $0 + $1.count } + lone.count == pins.count)
        let scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.name.hasSuffix(" places") })
    }

    @Test func theMapStopsGatheringOnlyWellBelowTheLimit() {
        let pins = scatterPins(100, lat: -5...5, lon: -160...(-140))
        let (window, map) = map(over: UnclusteredPinsSource(pins: pins))
        #expect(!map.gathersUnclusteredPins)
        map.unclusteredPinLimit = 99
        _ = window.renderScene()
        #expect(map.gathersUnclusteredPins)
        #expect(views(map).pins.count < 100)
        // 100 is under a limit of 110, but not under three quarters of it: still gathered.
        map.unclusteredPinLimit = 110
        _ = window.renderScene()
        #expect(map.gathersUnclusteredPins)
        map.unclusteredPinLimit = 140
        _ = window.renderScene()
        #expect(!map.gathersUnclusteredPins)
        #expect(views(map).pins.count == 100)
        #expect(views(map).clusters.isEmpty)
    }

    @Test func aViewportThousandsOfPixelsAcrossGathersInCoarserCells() {
        let pins = scatterPins(20_000, lat: -60...60, lon: -170...170)
        let camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 6)
        let (_, map) = map(
            over: UnclusteredPinsSource(pins: pins), camera: camera,
            size: Size(width: 16_384, height: 16_384))
        #expect(map.gathersUnclusteredPins)
        #expect(map.reuseCounts.live <= map.unclusteredPinLimit)
    }

    @Test func panningAcrossACrowdNeverShowsMoreThanTheLimitOneByOne() {
        // Sparse land west of 140 W (some 130 pins near a view at zoom 6), dense land east of it (some 300):
        // pans along the border take the pins near over and under the limit, a strip at a time.
        let pins =
            scatterPins(310, lat: -25...25, lon: -180...(-140))
            + scatterPins(714, lat: -25...25, lon: -140...(-100), seed: 9)
        let (window, map) = map(
            over: UnclusteredPinsSource(pins: pins),
            camera: Camera(center: Coordinate(latitude: 0, longitude: -160), zoom: 6))
        let limit = map.unclusteredPinLimit
        var random = SharedClusterIndexTests.Random(state: 3)
        var gathered = 0, shownOneByOne = 0
        let border = Mercator.project(Coordinate(latitude: 0, longitude: -140))
        for _ in 0..<300 {
            // Random steps, drawn back towards the border when the walk strays from it.
            let away = map.screenPoint(forWorld: border) - map.screenPoint(forWorld: map.camera.center)
            let step = Point(x: 900 * (random.next() - 0.5) + away.x / 4, y: 300 * (random.next() - 0.5) + away.y / 2)
            map.camera = map.camera.panned(byScreen: Point(x: -step.x, y: -step.y))
            _ = window.renderScene()
            let near = pinsNear(map, pins)
            #expect(views(map).pins.count <= limit)
            if map.gathersUnclusteredPins {
                gathered += 1
                #expect(near > limit * 3 / 4)
            } else {
                shownOneByOne += 1
                #expect(near <= limit)
                #expect(views(map).pins.count == near)
            }
        }
        // The walk saw both.
        #expect(gathered > 20 && shownOneByOne > 20)
    }

    @Test func theDelegateIsNotAskedAboutPinsWhoseClusteringTheSourceDecides() {
        final class CountingDelegate: MapViewDelegate {
            var asked = 0
            func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
                asked += 1
                return nil
            }
        }
        let pins = scatterPins(500, lat: -5...5, lon: -160...(-140))
        let own = scatter(20, lat: -5...5, lon: -160...(-140))
        let source = UnclusteredPinsSource(pins: pins, plain: own)
        let (window, map) = makeMap(camera: Self.pacific)
        let delegate = CountingDelegate()
        map.delegate = delegate
        map.sharedAnnotations = source
        map.sharedAnnotationsDidAdd(pins + own)
        _ = window.renderScene()
        #expect(delegate.asked == own.count)
    }

    @Test func aGatheredPinMovesWithTheEpochsWithoutAGlide() throws {
        // A crowd, and one pin alone far from it, shown as itself.
        let crowd = scatterPins(1_000, lat: 0...2, lon: -152...(-150))
        let loner = TestPin(Coordinate(latitude: -10, longitude: -140), title: "Loner")
        let source = UnclusteredPinsSource(pins: crowd + [loner])
        let (window, map) = map(over: source)
        #expect(map.gathersUnclusteredPins)
        let view = try #require(map.view(for: loner))
        // A glide the session would start is refused, and a move asks for no layout: the epoch shows it.
        let to = Coordinate(latitude: -10, longitude: -139.5)
        #expect(!map.glideShownAnnotation(loner, to: Mercator.project(to), milliseconds: 250))
        #expect(map.shared.displaced.isEmpty)
        source.move(loner, to: to)
        map.annotationDidMove(loner)
        #expect(!map.needsAnnotationLayout)
        // Nor does a move of a pin inside a cluster, which has no view of its own.
        #expect(map.view(for: crowd[0]) == nil)
        source.move(crowd[0], to: Coordinate(latitude: 1, longitude: -151))
        map.annotationDidMove(crowd[0])
        #expect(!map.needsAnnotationLayout)
        _ = window.renderScene()
        #expect(map.view(for: loner) === view)
        #expect(view.worldAnchor == Mercator.project(to))
    }

    @Test func aMapShowingPinsOneByOneLaysNothingOutForTheirEpochs() {
        let pins = scatterPins(100, lat: -5...5, lon: -160...(-140))
        let source = UnclusteredPinsSource(pins: pins)
        let (window, map) = map(over: source)
        // A selected pin (as a glide under way) keeps a map from following clusters in place.
        map.selectAnnotation(pins[0], animated: false)
        _ = window.renderScene()
        let pass = map.layoutPass
        // The pins' own index moves on; the map reads them from the source's grid, not from it.
        source.move(pins[1], to: Coordinate(latitude: 1, longitude: -150))
        _ = window.renderScene()
        #expect(map.layoutPass == pass)
        #expect(!map.gathersUnclusteredPins)
    }

    @Test func aPinTheAppRemovedStaysHiddenWhileGathered() {
        let crowd = scatterPins(1_000, lat: 0...2, lon: -152...(-150))
        let loner = TestPin(Coordinate(latitude: -10, longitude: -140), title: "Loner")
        let (window, map) = map(over: UnclusteredPinsSource(pins: crowd + [loner]))
        #expect(map.view(for: loner) != nil)
        map.removeAnnotations([loner])
        _ = window.renderScene()
        #expect(map.gathersUnclusteredPins)
        #expect(map.view(for: loner) == nil)
    }

    @Test func aSelectedPinItsGatheringAbsorbsIsDeselected() {
        let pins = scatterPins(200, lat: -0.5...0.5, lon: -150.5...(-149.5))
        let (window, map) = map(over: UnclusteredPinsSource(pins: pins))
        map.selectAnnotation(pins[0], animated: false)
        #expect(map.selectedAnnotations.first === pins[0])
        map.unclusteredPinLimit = 100
        _ = window.renderScene()
        #expect(map.gathersUnclusteredPins)
        #expect(map.selectedAnnotations.isEmpty)
        #expect(views(map).clusters.count == 1)
    }
}
