import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The annotation layer renders again only the badges that changed, and
/// what it draws is what rendering every view afresh draws.
@Suite struct AnnotationRenderCacheTests {
    typealias Random = SharedClusterIndexTests.Random

    /// A scene without its ids, which differ from map to map: each item's
    /// kind, its parent's place in the list and its properties.
    static func picture(_ items: [SceneItem]) -> [String] {
        var place: [UInt32: Int] = [0: -1]
        return items.enumerated().map { i, item in
            place[item.id] = i
            return "\(item.kind) under \(place[item.parent] ?? -2): \(item.properties)"
        }
    }

    /// Renders `cached` and, with nothing held and laid out again, the window
    /// of `fresh`; expects the same scene from both and the first one's
    /// frame to bring `browser` to it. Returns that scene.
    static func renderBoth(
        _ cached: Window, _ fresh: (window: Window, map: MapView), differ: inout SceneDiffer,
        browser: inout SceneReplica, _ note: String
    ) -> Scene {
        fresh.map.rest()
        fresh.map.needsAnnotationLayout = true
        let scene = cached.renderScene()
        let full = fresh.window.renderScene()
        #expect(picture(scene.items) == picture(full.items), "\(note)")
        // The same elements; not in the same order: the mirror reads the views where they stood when the map
        // last came to rest, and the other map rested just now.
        #expect(scene.accessibility.map(\.name).sorted() == full.accessibility.map(\.name).sorted(), "\(note)")
        browser.apply(differ.diff(to: scene))
        #expect(picture(browser.preorder()) == picture(scene.items), "the browser, \(note)")
        return scene
    }

    /// One map renders from its cache, the other lets its cache go and is
    /// laid out and rendered afresh each epoch: their scenes are the same, item
    /// for item, and the first map's frames, hints and all, bring a browser
    /// to exactly that scene.
    @Test(arguments: [(zoom: 5.0, seed: UInt64(21)), (7.3, 22)])
    func aCachedRenderDrawsWhatAFullRenderDraws(zoom: Double, seed: UInt64) {
        var random = Random(state: seed)
        let source = MovingDotsSource(count: 600, random: &random)
        let maps = source.twoMaps(zoom: zoom)
        let cachedWindow = maps[0].window
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: cachedWindow.size)
        var reused = 0, badges = 0
        for epoch in 0..<40 {
            source.nextEpoch(moves: 12, step: 0.2, random: &random)
            // Nothing held: the other map lays out and renders every view afresh, whatever the holds say.
            let scene = Self.renderBoth(
                cachedWindow, maps[1], differ: &differ, browser: &browser,
                "zoom \(zoom), epoch \(epoch)")
            reused += scene.unchangedItems.reduce(0) { $0 + $1.count }
            badges += scene.items.filter { $0.kind == .badge }.count
        }
        #expect(reused > badges / 2, "zoom \(zoom): most badges came from the cache")
    }

    /// A held badge that an app restyles, hides or gives another cluster is
    /// drawn again: each property it draws says when it changes.
    @Test func aBadgeChangedOutsideTheMapIsDrawnAgain() throws {
        var random = Random(state: 23)
        let source = MovingDotsSource(count: 400, random: &random)
        let (window, map) = source.watchingMap(zoom: 5)
        _ = window.renderScene()
        let badges = map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }
        try #require(badges.count >= 2)
        let (badge, other) = (badges[0], badges[1])
        func item(of view: View, in scene: Scene) -> SceneItem? { scene.items.first { $0.id == view.id } }

        badge.tintColor = Color(hex: 0xFF0000)
        var scene = window.renderScene()
        #expect(item(of: badge, in: scene)?.properties.fill == Color(hex: 0xFF0000))
        #expect(!scene.unchangedItems.contains { $0.contains(scene.items.firstIndex { $0.id == badge.id }!) })

        badge.alpha = 0.5
        scene = window.renderScene()
        #expect(item(of: badge, in: scene)?.properties.alpha == 0.5)

        badge.accessibilityLabel = "The depot's vans"
        scene = window.renderScene()
        #expect(scene.accessibility.contains { $0.item == badge.id && $0.name == "The depot's vans" })

        badge.isHidden = true
        scene = window.renderScene()
        #expect(item(of: badge, in: scene)?.properties.hidden == true)
        #expect(!scene.accessibility.contains { $0.item == badge.id }, "a hidden badge leaves the mirror")

        let otherCluster = try #require(other.annotation as? ClusterAnnotation)
        badge.isHidden = false
        badge.annotation = otherCluster
        scene = window.renderScene()
        let counted = ClusterAnnotationView.text(forCount: otherCluster.count)
        #expect(item(of: badge, in: scene)?.properties.text == counted)
    }

    /// An app's own kind of annotation view, which may draw what it likes: never held.
    final class OwnView: AnnotationView {}

    final class OwnViews: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            guard annotation.title?.hasPrefix("Own") == true else { return nil }
            return OwnView(annotation: annotation, reuseIdentifier: nil)
        }
    }

    /// The layer keeps the items of the views it holds (the map's badges
    /// and markers) and no others: an app's own kind of view draws afresh
    /// every frame, and a copy of its items would only be copied again.
    @Test func onlyTheHeldViewsItemsAreKept() throws {
        var random = Random(state: 25)
        let source = MovingDotsSource(count: 600, random: &random)
        let (window, map) = source.watchingMap(zoom: 7.3)
        let delegate = OwnViews()
        map.delegate = delegate
        for i in 0..<4 {
            let spot = map.convert(Point(x: 300 + 200 * Double(i), y: 300))
            map.addAnnotation(PointAnnotation(coordinate: spot, title: i < 2 ? "Pin \(i)" : "Own \(i)"))
        }
        for _ in 0..<2 {
            let scene = window.renderScene()
            let views = map.annotationContainer.subviews
            let held = views.filter { view in
                let kind = type(of: view)
                return kind == ClusterAnnotationView.self && view.subviews.isEmpty || kind == MarkerAnnotationView.self
            }
            try #require(views.contains { $0 is OwnView } && views.contains { $0 is MarkerAnnotationView })
            var heldIDs = Set<UInt32>()
            func gather(_ view: View) {
                heldIDs.insert(view.id)
                view.subviews.forEach(gather)
            }
            held.forEach(gather)
            let container = try #require(map.annotationContainer as? AnnotationContainerView)
            #expect(container.heldItemCount == scene.items.filter { heldIDs.contains($0.id) }.count)
        }
    }

    /// Markers are held too: a pan draws them from the layer's render, and
    /// what changes them (an app's new title for its annotation, read every
    /// frame; a selection growing the balloon) is drawn again, as a map
    /// rendering every view afresh draws it.
    @Test func heldMarkersDrawWhatAFullRenderDraws() throws {
        let pins = scatter(250, lat: 0...10, lon: 0...16)
        func openMap() -> (window: Window, map: MapView) {
            let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 8), zoom: 6))
            map.addAnnotations(pins)
            _ = window.renderScene()
            return (window, map)
        }
        let ((window, map), other) = (openMap(), openMap())
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: window.size)
        var reused = 0, markerItems = 0
        let shown = try #require(map.annotationContainer.subviews.compactMap { $0 as? MarkerAnnotationView }.first)
        let renamed = try #require(shown.annotation as? PointAnnotation)
        for step in 0..<30 {
            let center = Coordinate(latitude: 5 + 0.05 * Double(step % 7), longitude: 8 - 0.04 * Double(step))
            let camera = Camera(center: center, zoom: 6)
            for m in [map, other.map] { m.setCamera(camera, animated: false) }
            if step == 10 { renamed.title = "Renamed" }
            if step == 20 { for m in [map, other.map] { m.selectAnnotation(renamed, animated: false) } }
            let scene = Self.renderBoth(window, other, differ: &differ, browser: &browser, "step \(step)")
            reused += scene.unchangedItems.reduce(0) { $0 + $1.count }
            markerItems += scene.items.count
        }
        #expect(scene(in: browser, shows: "Renamed"), "the new title shows under the marker")
        #expect(reused > markerItems / 2, "most items came from the layer's render")
    }

    /// A pan that crosses the reuse margin brings markers in and lets others
    /// go, the reuse queue giving the leaving ones to the new pins: the
    /// markers that stayed keep their render, the rest are drawn afresh, and
    /// the layer's items are what rendering each of its views afresh draws.
    @Test func markersThatStayKeepTheirRenderWhenOthersComeAndGo() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 0), zoom: 6))
        map.addAnnotations(scatter(400, lat: -5...15, lon: -10...50))
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: window.size)
        browser.apply(differ.diff(to: window.renderScene()))
        var crossings = 0, joined = 0
        for step in 0..<30 {
            let before = Set(map.annotationContainer.subviews.map(ObjectIdentifier.init))
            map.setCamera(
                Camera(center: Coordinate(latitude: 5, longitude: 0.7 * Double(step + 1)), zoom: 6),
                animated: false)
            // Laid out around the new viewport, as if each step crossed the margin.
            map.needsAnnotationLayout = true
            let scene = window.renderScene()
            browser.apply(differ.diff(to: scene))
            #expect(Self.picture(browser.preorder()) == Self.picture(scene.items), "the browser, step \(step)")
            // The layer's views each rendered afresh, apart from the map.
            let layer = map.annotationContainer
            var fresh = RenderContext()
            for view in layer.subviews { view.render(parent: layer.id, into: &fresh) }
            let start = try #require(scene.items.firstIndex { $0.id == layer.id }) + 1
            let drawn = Array(scene.items[start..<min(scene.items.count, start + fresh.scene.items.count)])
            #expect(drawn.map(\.id) == fresh.scene.items.map(\.id), "step \(step)")
            #expect(Self.picture(drawn) == Self.picture(fresh.scene.items), "step \(step)")
            let after = layer.subviews.map(ObjectIdentifier.init)
            guard Set(after) != before else { continue }
            crossings += 1
            joined += after.filter { !before.contains($0) }.count
            let stayed = after.filter(before.contains).count
            let reused = scene.unchangedItems.reduce(0) { $0 + $1.count }
            // Each marker is four items or more: most of those that stayed came from the layer's render.
            #expect(reused > stayed * 2, "step \(step): \(reused) items reused for \(stayed) markers that stayed")
        }
        #expect(crossings >= 10 && joined > 50, "\(crossings) layouts brought \(joined) markers in")
        #expect(map.reuseCounts.reused > 20, "leaving markers were given to new pins")
    }

    /// Pans back and forth across the reuse margin bring markers in and let
    /// others go: the store of held renders keeps at most twice what the
    /// layer holds (and a little), and a render that changes nothing copies
    /// the held markers in a few pieces, not a piece a marker.
    @Test func theHeldRendersStayFewAndInOrderAcrossPans() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 0), zoom: 6))
        map.addAnnotations(scatter(400, lat: -5...15, lon: -10...50))
        let layer = try #require(map.annotationContainer as? AnnotationContainerView)
        _ = window.renderScene()
        var largest = 0
        for step in 0..<120 {
            let east = step % 20 < 10 ? step % 20 : 20 - step % 20
            map.setCamera(
                Camera(center: Coordinate(latitude: 5, longitude: 0.7 * Double(east)), zoom: 6),
                animated: false)
            map.needsAnnotationLayout = true
            _ = window.renderScene()
            #expect(
                layer.heldStore.items <= 2 * layer.heldItemCount + HeldRenderStore.slack,
                "step \(step): \(layer.heldStore.items) items kept for \(layer.heldItemCount) held")
            largest = max(largest, layer.heldStore.items)
            guard east == 10 else { continue }
            // As far east as it goes, a third of the markers joined since the store was laid out.
            _ = window.renderScene()
            let markers = layer.subviews.filter { $0 is MarkerAnnotationView }.count
            #expect(
                markers > 200 && layer.heldStore.copies <= markers / 4 + 1,
                "step \(step): \(layer.heldStore.copies) copies for \(markers) markers")
        }
        #expect(largest > layer.heldItemCount, "renders that left the layer stayed in the store for a while")
    }

    /// A layout that finds every marker where it is (the map crossing its
    /// reuse margin, or asked to lay out again) lets no held render go.
    @Test func aLayoutThatMovesNothingKeepsTheMarkersHeld() {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 8), zoom: 6))
        map.addAnnotations(scatter(250, lat: 0...10, lon: 0...16))
        _ = window.renderScene()
        let held = window.renderScene()
        map.needsAnnotationLayout = true
        let laidOut = window.renderScene()
        #expect(Self.picture(laidOut.items) == Self.picture(held.items))
        let markers = Set(map.annotationContainer.subviews.filter { $0 is MarkerAnnotationView }.map(\.id))
        // The markers' items and their subviews' (the scene is in pre-order: a parent comes first).
        var drawn = markers
        let markerItems = laidOut.items.indices.filter { i in
            let item = laidOut.items[i]
            if drawn.contains(item.parent) { drawn.insert(item.id) }
            return drawn.contains(item.id)
        }
        let reused = Set(laidOut.unchangedItems.flatMap { Array($0) })
        let drawnAgain = markerItems.filter { !reused.contains($0) }.count
        #expect(
            markers.count > 50 && drawnAgain == 0,
            "\(drawnAgain) of \(markerItems.count) marker items drawn again")
    }

    /// An app's new title for its annotation is read before each render,
    /// whether the layer kept its order since the render held (the held
    /// markers are checked in their places) or not: a selection brought
    /// another marker to the front, or a pan across the reuse margin laid
    /// the layer out again (each found by the position it keeps).
    @Test(arguments: ["nothing", "a selection", "a pan across the margin"])
    func aRenamedMarkerShowsItsNewTitle(after change: String) throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 5, longitude: 0), zoom: 6))
        map.addAnnotations(scatter(400, lat: -5...15, lon: -10...50))
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: window.size)
        for _ in 0..<2 { browser.apply(differ.diff(to: window.renderScene())) }
        let layer = map.annotationContainer
        // A marker whose title shows, between the two centres: it stays through the pan.
        let candidates = layer.subviews.compactMap { $0 as? MarkerAnnotationView }.filter { view in
            guard let a = view.annotation, let title = a.title else { return false }
            return abs(a.coordinate.latitude - 5) < 3 && abs(a.coordinate.longitude - 3) < 3
                && scene(in: browser, shows: title)
        }
        let middle = try #require(candidates.first)
        let renamed = try #require(middle.annotation as? PointAnnotation)
        let version = layer.subviewsVersion
        renamed.title = "Renamed"
        switch change {
        case "a selection":
            let other = try #require(layer.subviews.first { $0 !== middle } as? AnnotationView)
            map.selectAnnotation(try #require(other.annotation), animated: false)
        case "a pan across the margin":
            map.setCamera(Camera(center: Coordinate(latitude: 5, longitude: 6), zoom: 6), animated: false)
            map.needsAnnotationLayout = true
        default:
            break
        }
        browser.apply(differ.diff(to: window.renderScene()))
        #expect((layer.subviewsVersion != version) == (change != "nothing"), "the layer's order changed")
        #expect(layer.subviews.contains { $0 === middle })
        let shows = scene(in: browser, shows: "Renamed")
        #expect(shows)
    }

    private func scene(in browser: SceneReplica, shows text: String) -> Bool {
        browser.items.values.contains { $0.kind == .text && $0.properties.text == text }
    }

    /// A map at rest (a tab left open) keeps no render and no followed
    /// layout; its next frame draws every badge afresh, the same as before.
    @Test func aMapAtRestLetsItsRenderGo() {
        var random = Random(state: 24)
        let source = MovingDotsSource(count: 400, random: &random)
        let (window, map) = source.watchingMap(zoom: 6)
        let held = window.renderScene()
        #expect(!held.unchangedItems.isEmpty, "the badges came from the layer's render")
        #expect(!map.clustering.sharedLayouts.isEmpty)

        map.rest()
        #expect(map.clustering.sharedLayouts.isEmpty)
        let afresh = window.renderScene()
        #expect(afresh.unchangedItems.isEmpty, "nothing held: every badge drawn again")
        #expect(Self.picture(afresh.items) == Self.picture(held.items))
    }
}
