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

    /// One map renders from its cache, the other lets its cache go and is
    /// laid out and rendered afresh each epoch: their scenes are the same, item
    /// for item, and the first map's frames, hints and all, bring a browser
    /// to exactly that scene.
    @Test(arguments: [(zoom: 5.0, seed: UInt64(21)), (7.3, 22)])
    func aCachedRenderDrawsWhatAFullRenderDraws(zoom: Double, seed: UInt64) {
        var random = Random(state: seed)
        let source = MovingDotsSource(count: 600, random: &random)
        let maps = source.twoMaps(zoom: zoom)
        let ((cachedWindow, _), (freshWindow, fresh)) = (maps[0], maps[1])
        var differ = SceneDiffer()
        var browser = SceneReplica(viewport: cachedWindow.size)
        var reused = 0, badges = 0
        for epoch in 0..<40 {
            source.nextEpoch(moves: 12, step: 0.2, random: &random)
            // Nothing held: the other map lays out and renders every view afresh, whatever the holds say.
            fresh.rest()
            fresh.needsAnnotationLayout = true
            let scene = cachedWindow.renderScene()
            let full = freshWindow.renderScene()
            #expect(Self.picture(scene.items) == Self.picture(full.items), "zoom \(zoom), epoch \(epoch)")
            #expect(scene.accessibility.map(\.name) == full.accessibility.map(\.name), "epoch \(epoch)")
            browser.apply(differ.diff(to: scene))
            #expect(Self.picture(browser.preorder()) == Self.picture(scene.items), "the browser, epoch \(epoch)")
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

    /// The layer keeps the items of the badges it holds and no others: the
    /// pins beside them draw afresh every frame, and a copy of theirs would
    /// only be copied again.
    @Test func onlyTheHeldBadgesItemsAreKept() throws {
        var random = Random(state: 25)
        let source = MovingDotsSource(count: 600, random: &random)
        let (window, map) = source.watchingMap(zoom: 7.3)
        // The app's own pins, markers with a balloon and a title: never held.
        for i in 0..<3 {
            let spot = map.convert(Point(x: 300 + 200 * Double(i), y: 300))
            map.addAnnotation(PointAnnotation(coordinate: spot, title: "Pin \(i)"))
        }
        for _ in 0..<2 {
            let scene = window.renderScene()
            let views = map.annotationContainer.subviews
            let badges = Set(views.filter { type(of: $0) == ClusterAnnotationView.self && $0.subviews.isEmpty }
                .map(\.id))
            try #require(!badges.isEmpty && badges.count < views.count, "badges and pins side by side")
            let container = try #require(map.annotationContainer as? AnnotationContainerView)
            #expect(container.heldItemCount == scene.items.filter { badges.contains($0.id) }.count)
        }
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
