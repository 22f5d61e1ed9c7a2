import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct CollisionTests {
    /// Gives every annotation a 30x30 view with the priority and mode its title asks for.
    final class Delegate: MapViewDelegate {
        var priorities: [String: AnnotationView.DisplayPriority] = [:]
        var mode: CollisionMode = .rectangle
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "square", for: annotation)
            view.frame.size = Size(width: 30, height: 30)
            view.canShowCallout = false
            view.displayPriority = priorities[annotation.title ?? ""] ?? .required
            view.collisionMode = mode
            return view
        }
    }

    /// A map at zoom 10 around (0, 0); `dx` offsets are screen px east of the centre.
    private func setUp(
        _ pins: [(String, Double)], priorities: [String: AnnotationView.DisplayPriority],
        mode: CollisionMode = .rectangle
    ) -> (Window, MapView, Delegate, [String: PointAnnotation]) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let delegate = Delegate()
        delegate.priorities = priorities
        delegate.mode = mode
        map.delegate = delegate
        var byName: [String: PointAnnotation] = [:]
        for (name, dx) in pins {
            let a = PointAnnotation(coordinate: map.convert(Point(x: 640 + dx, y: 400)), title: name)
            byName[name] = a
            map.addAnnotation(a)
        }
        _ = window.renderScene()
        return (window, map, delegate, byName)
    }

    private func hidden(_ map: MapView, _ a: PointAnnotation?) -> Bool {
        guard let a, let v = map.view(for: a) else { return true }
        return v.isHidden
    }

    @Test func theLowerPriorityOfTwoOverlappingViewsHides() {
        let (window, map, _, a) = setUp(
            [("High", 0), ("Low", 20), ("Far", 200)],
            priorities: ["High": .defaultHigh, "Low": .defaultLow, "Far": .defaultLow])
        #expect(!hidden(map, a["High"]))
        #expect(hidden(map, a["Low"]))
        #expect(!hidden(map, a["Far"]))
        // Hidden means gone for pointers and screen readers too.
        let scene = window.renderScene()
        #expect(!scene.accessibility.contains { $0.name == "Low" })
        #expect(scene.accessibility.contains { $0.name == "High" })
        let lowSpot = Point(x: 640 + 20 + 12, y: 400)
        #expect(window.hitTest(lowSpot) !== map.view(for: a["Low"]!))
    }

    @Test func requiredViewsAlwaysShowAndTheSelectedViewWins() {
        let (_, map, _, a) = setUp(
            [("R1", 0), ("R2", 10), ("Low", 20)],
            priorities: ["Low": .defaultLow])
        #expect(!hidden(map, a["R1"]) && !hidden(map, a["R2"]))
        #expect(hidden(map, a["Low"]))
        // Selecting a lower-priority view shows it over everything; neighbours that
        // are not required give way.
        let (window2, map2, _, b) = setUp(
            [("High", 0), ("Low", 20)],
            priorities: ["High": .defaultHigh, "Low": .defaultLow])
        #expect(hidden(map2, b["Low"]))
        map2.selectAnnotation(b["Low"]!, animated: false)
        _ = window2.renderScene()
        #expect(!hidden(map2, b["Low"]))
        #expect(hidden(map2, b["High"]))
        map2.deselectAnnotation(b["Low"]!, animated: false)
        _ = window2.renderScene()
        #expect(!hidden(map2, b["High"]) && hidden(map2, b["Low"]))
    }

    @Test func circlesOverlappingOnlyAtTheirCornersBothShow() {
        // Diagonal neighbours 24 px apart in x and y: the 30 px squares overlap, the circles do not.
        func run(_ mode: CollisionMode) -> Bool {
            let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
            let delegate = Delegate()
            delegate.priorities = ["A": .defaultHigh, "B": .defaultLow]
            delegate.mode = mode
            map.delegate = delegate
            let a = PointAnnotation(coordinate: map.convert(Point(x: 640, y: 400)), title: "A")
            let b = PointAnnotation(coordinate: map.convert(Point(x: 664, y: 424)), title: "B")
            map.addAnnotations([a, b])
            _ = window.renderScene()
            return hidden(map, b)
        }
        #expect(run(.rectangle))
        #expect(!run(.circle))
        #expect(!run(.none))
    }

    @Test func zoomingInSeparatesViewsAndPansSkipThePass() {
        let (window, map, _, a) = setUp(
            [("High", 0), ("Low", 20)],
            priorities: ["High": .defaultHigh, "Low": .defaultLow])
        #expect(hidden(map, a["Low"]))
        let signature = map.collisionSignature
        map.camera = map.camera.panned(byScreen: Point(x: 40, y: 0))
        _ = window.renderScene()
        #expect(map.collisionSignature == signature, "a pan keeps every view's relative place")
        map.camera = Camera(center: map.camera.center, zoom: map.camera.zoom + 1)
        _ = window.renderScene()
        #expect(!hidden(map, a["Low"]))
    }

    /// A layer of required views (a watcher's cluster badges) skips the pass
    /// without reading a view; a view that could hide brings it back.
    @Test func aLayerOfRequiredViewsSkipsThePassUntilAViewCouldHide() throws {
        let (window, map, _, a) = setUp([("A", 0), ("B", 10)], priorities: [:])
        let layer = try #require(map.annotationContainer as? AnnotationContainerView)
        #expect(layer.contestingViews == 0 && map.collisionSignature == nil, "nothing to decide: skipped")
        #expect(!hidden(map, a["A"]) && !hidden(map, a["B"]))
        let b = try #require(map.view(for: a["B"]!))
        b.displayPriority = .defaultLow
        #expect(layer.contestingViews == nil)
        _ = window.renderScene()
        #expect(hidden(map, a["B"]), "lowered, it gives way to the required view it overlaps")
        #expect(layer.contestingViews == 1)
        b.displayPriority = .required
        _ = window.renderScene()
        #expect(!hidden(map, a["B"]) && layer.contestingViews == 0)
        b.collisionMode = .none
        b.displayPriority = .defaultLow
        _ = window.renderScene()
        #expect(!hidden(map, a["B"]) && layer.contestingViews == 0, "a view that never collides does not count")
    }

    /// A view the pass hid keeps `isHidden` in the reuse queue; dequeued into a
    /// layer of required views, where the pass would be skipped, it still shows.
    @Test func aViewThePassHidShowsWhenReusedAmongRequiredViews() throws {
        let (window, map, delegate, a) = setUp([("A", 0), ("Low", 20)], priorities: ["Low": .defaultLow])
        let hiddenView = try #require(map.view(for: a["Low"]!))
        #expect(hiddenView.isHidden)
        map.removeAnnotation(a["Low"]!)
        _ = window.renderScene()
        let layer = try #require(map.annotationContainer as? AnnotationContainerView)
        #expect(layer.contestingViews == 0 && hiddenView.isHidden, "retired hidden, the layer all required")
        delegate.priorities = [:]
        let far = PointAnnotation(coordinate: map.convert(Point(x: 640 - 300, y: 400)), title: "Far")
        map.addAnnotation(far)
        _ = window.renderScene()
        #expect(map.view(for: far) === hiddenView, "the hidden view was reused")
        #expect(!hiddenView.isHidden)
        #expect(window.renderScene().accessibility.contains { $0.name == "Far" })
    }

    /// Marker titles that give way count as contenders: the pass runs for them.
    @Test func adaptiveTitlesKeepThePassRunningAmongRequiredMarkers() throws {
        let (window, map, pin, side) = Self.markerAndSide(title: "A title long enough") {
            PointAnnotation(coordinate: $0, title: $1)
        }
        let marker = try #require(map.view(for: pin) as? MarkerAnnotationView)
        let layer = try #require(map.annotationContainer as? AnnotationContainerView)
        #expect(marker.displayPriority == .required && layer.contestingViews == 2)
        #expect(marker.isTitleHiddenByCollision, "the title covers the side marker")
        marker.titleVisibility = .visible
        (map.view(for: side) as? MarkerAnnotationView)?.titleVisibility = .hidden
        #expect(layer.contestingViews == nil)
        _ = window.renderScene()
        #expect(layer.contestingViews == 0 && marker.titleLabel?.isHidden == false)
    }

    @Test func resolverIsLinearInPracticeAndKeepsTheHighestPriorities() {
        // 20,000 candidates on a 200x100 lattice 10 px apart, 30 px wide: each
        // overlaps its neighbours; the survivors must not overlap one another.
        var candidates: [CollisionResolver.Candidate] = []
        for i in 0..<20_000 {
            let x = Double(i % 200) * 10, y = Double(i / 200) * 10
            candidates.append(
                CollisionResolver.Candidate(
                    rect: Rect(x: x, y: y, width: 30, height: 30), mode: .rectangle,
                    priority: Float(i % 7), isForced: false))
        }
        let shown = CollisionResolver().resolve(candidates)
        let kept = candidates.indices.filter { shown[$0] }
        #expect(kept.count > 100 && kept.count < 20_000 / 4)
        for i in kept.prefix(300) {
            for j in kept where j != i {
                #expect(!candidates[i].rect.intersects(candidates[j].rect))
            }
        }
    }

    /// The grid finds what comparing every pair finds: random views of every
    /// mode, of small and large sizes, some forced, some off screen, with
    /// priorities at random, all equal, and falling in the order given.
    @Test func theGridDecidesAsComparingEveryPairDoes() {
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let modes: [CollisionMode] = [.rectangle, .circle, .none]
        for round in 0..<30 {
            let count = 50 + round * 20
            let candidates = (0..<count).map { k in
                let size = next() < 0.1 ? 200 + next() * 400 : 10 + next() * 40
                let rect = Rect(
                    x: next() * 1200 - 300, y: next() * 800 - 200, width: size,
                    height: size * (0.5 + next()))
                let priority =
                    switch round % 3 {
                    case 0: Float(Int(next() * 4) * 250)
                    case 1: Float(500)
                    default: Float(count - k / 3)
                    }
                return CollisionResolver.Candidate(
                    rect: rect, mode: modes[Int(next() * 3)],
                    priority: priority, isForced: next() < 0.05)
            }
            #expect(CollisionResolver().resolve(candidates) == Self.everyPair(candidates), "round \(round)")
            // One view far off: the grid keeps a table of the cells used rather than one of the whole box.
            let far =
                candidates + [
                    CollisionResolver.Candidate(
                        rect: Rect(x: 5e7, y: -3e7, width: 40, height: 40),
                        mode: .rectangle, priority: 100, isForced: false)
                ]
            let shown = CollisionResolver().resolve(far)
            #expect(shown == Self.everyPair(far), "round \(round) with a view far off")
            #expect(shown.contains(false), "round \(round) has views that hide")
        }
    }

    /// MapKit's rule, one candidate against every one placed before it.
    private static func everyPair(_ candidates: [CollisionResolver.Candidate]) -> [Bool] {
        let order = candidates.indices.sorted { a, b in
            let (ca, cb) = (candidates[a], candidates[b])
            if ca.isForced != cb.isForced { return ca.isForced }
            if ca.priority != cb.priority { return ca.priority > cb.priority }
            return a < b
        }
        var shown = [Bool](repeating: true, count: candidates.count)
        var placed: [Int] = []
        for i in order where candidates[i].mode != .none {
            let hit = placed.contains { CollisionResolver.overlap(candidates[i], candidates[$0]) }
            if !candidates[i].isForced, hit {
                shown[i] = false
            } else {
                placed.append(i)
            }
        }
        return shown
    }

    @Test func adaptiveMarkerTitlesGiveWayToOtherViews() throws {
        final class Markers: MapViewDelegate {
            func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
                let view = mapView.dequeueReusableAnnotationView(withIdentifier: "m", for: annotation)
                view.displayPriority = annotation.title == "Front" ? .defaultHigh : .defaultLow
                return view
            }
        }
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let delegate = Markers()
        map.delegate = delegate
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "m")
        // The second marker sits just under the first one's tip: over its title, clear of its balloon.
        let front = PointAnnotation(coordinate: map.convert(Point(x: 640, y: 400)), title: "Front")
        let below = PointAnnotation(coordinate: map.convert(Point(x: 640, y: 446)), title: "Below with a long title")
        map.addAnnotations([front, below])
        _ = window.renderScene()
        let f = try #require(map.view(for: front) as? MarkerAnnotationView)
        let b = try #require(map.view(for: below) as? MarkerAnnotationView)
        #expect(!f.isHidden && !b.isHidden)
        #expect(f.isTitleHiddenByCollision && f.titleLabel?.isHidden != false)
        #expect(!b.isTitleHiddenByCollision && b.titleLabel?.isHidden == false)
        // Selected, its title shows anyway.
        map.selectAnnotation(front, animated: false)
        _ = window.renderScene()
        #expect(f.titleLabel?.isHidden == false)
    }

    /// A map at zoom 10 with a marker titled `title` at its centre and an
    /// untitled one just right of and below its tip: clear of a short
    /// title, under a long one. Rendered once.
    private static func markerAndSide<A: Annotation>(
        title: String,
        _ make: (Coordinate, String) -> A
    ) -> (Window, MapView, A, A) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let pin = make(map.convert(Point(x: 640, y: 400)), title)
        let side = make(map.convert(Point(x: 690, y: 446)), "")
        map.addAnnotations([pin, side])
        _ = window.renderScene()
        return (window, map, pin, side)
    }

    /// A styled annotation's marker measures its title once and again only
    /// when the map is told its looks changed: a title grown long then gives
    /// way to the marker beside it.
    @Test func aStyledMarkersTitleIsMeasuredAgainWhenItsLooksChange() throws {
        final class StyledPin: StyledAnnotation {
            let coordinate: Coordinate
            nonisolated(unsafe) var title: String?
            let subtitle: String? = nil
            let markerColor: Color? = nil
            let markerSymbol: String? = nil

            init(coordinate: Coordinate, title: String) {
                self.coordinate = coordinate
                self.title = title
            }
        }
        let (window, map, pin, _) = Self.markerAndSide(title: "F") { StyledPin(coordinate: $0, title: $1) }
        let marker = try #require(map.view(for: pin) as? MarkerAnnotationView)
        #expect(!marker.isTitleHiddenByCollision)
        pin.title = "F, with a title long enough to reach the marker beside it"
        map.annotationStyleDidChange(pin)
        _ = window.renderScene()
        #expect(marker.isTitleHiddenByCollision, "the longer title now covers the side marker")
    }
}
