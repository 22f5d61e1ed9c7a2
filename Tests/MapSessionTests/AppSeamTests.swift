import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Synchronization
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

/// A small app on the seam: its own annotation class and view, a delegate per
/// tab, a seeded shared pin, and a screen with a URL path.
final class SeamTestApp: MapApp {
    final class Cafe: Annotation {
        let coordinate: Coordinate
        let title: String?
        var subtitle: String? { nil }
        init(_ title: String, _ coordinate: Coordinate) {
            self.title = title
            self.coordinate = coordinate
        }
    }

    final class Delegate: MapViewDelegate {
        let session: MapAppSession
        var selected: [String] = []
        init(session: MapAppSession) { self.session = session }

        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            guard annotation is Cafe else { return nil }
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "cafe", for: annotation)
            (view as? MarkerAnnotationView)?.markerTintColor = Color(hex: 0x6F4E37)
            view.canShowCallout = true
            return view
        }

        func mapView(_ mapView: MapView, clusteringIdentifierFor annotation: Annotation) -> String? {
            (annotation as? Cafe)?.title == "Clustered Café" ? "own" : nil
        }

        func mapView(_ mapView: MapView, didSelect view: AnnotationView) {
            selected.append(view.annotation?.title ?? "?")
        }
    }

    final class InfoScreen: Screen {
        let name: String
        init(name: String) {
            self.name = name
            super.init()
        }
    }

    /// Every delegate handed out, in order.
    let delegates = Mutex<[ObjectIdentifier]>([])
    /// The camera each tab's URL named.
    let urlCameras = Mutex<[Camera?]>([])
    let shared = Cafe("Shared Roastery", Coordinate(latitude: 48.86, longitude: 2.34))

    var seeds: [WorldSeed] {
        [
            WorldSeed(
                name: "cafes",
                annotations: [
                    SeedAnnotation(
                        id: "roastery", kind: "cafe", annotation: shared,
                        move: nil)
                ])
        ]
    }

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        let delegate = Delegate(session: session)
        session.mapView.delegate = delegate
        session.mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "cafe")
        session.mapView.addAnnotation(Cafe("Tab Café", Coordinate(latitude: 48.85, longitude: 2.35)))
        session.mapView.addAnnotation(Cafe("Clustered Café", Coordinate(latitude: 48.851, longitude: 2.352)))
        session.routeScreens(named: "info") { InfoScreen(name: $0) }
        delegates.withLock { $0.append(ObjectIdentifier(delegate)) }
        urlCameras.withLock { $0.append(session.cameraFromURL) }
        return delegate
    }
}

@Suite struct AppSeamTests {
    static let paris = "#13/48.855/2.345"

    func world(_ app: SeamTestApp) -> World {
        World(fonts: sharedWorld.fonts, baseMap: nil, app: app)
    }

    @Test func everyTabGetsItsOwnSessionAndItsOwnDelegate() throws {
        let app = SeamTestApp()
        let world = world(app)
        let first = SessionHarness(hash: Self.paris, world: world, id: 1)
        let second = SessionHarness(hash: Self.paris, world: world, id: 2)
        let ids = app.delegates.withLock { $0 }
        #expect(ids.count == 2 && Set(ids).count == 2)
        let firstDelegate = try #require(first.session.sync { first.session.appObject as? SeamTestApp.Delegate })
        let secondDelegate = try #require(second.session.sync { second.session.appObject as? SeamTestApp.Delegate })
        #expect(first.session.sync { first.session.mapView?.delegate === firstDelegate })
        #expect(second.session.sync { second.session.mapView?.delegate === secondDelegate })
        // Selecting in one tab tells only that tab's delegate.
        let cafe = try #require(first.center(of: "Tab Café"))
        first.click(cafe)
        first.settle(seconds: 0.5)
        #expect(first.session.sync { firstDelegate.selected } == ["Tab Café"])
        #expect(second.session.sync { secondDelegate.selected }.isEmpty)
    }

    @Test func theAppLearnsWhetherTheTabsURLNamedACamera() {
        let app = SeamTestApp()
        let world = world(app)
        _ = SessionHarness(hash: Self.paris, world: world, id: 1)
        _ = SessionHarness(hash: "", world: world, id: 2)
        let cameras = app.urlCameras.withLock { $0 }
        #expect(cameras.count == 2)
        #expect(cameras.first??.zoom == 13)
        #expect(cameras.last! == nil)
    }

    @Test func theAppsViewsShowItsOwnAndTheSharedAnnotations() throws {
        let app = SeamTestApp()
        let world = world(app)
        #expect(world.store.records.map(\.id) == ["roastery"], "the seed is in the shared world")
        let h = SessionHarness(hash: Self.paris, world: world)
        #expect(h.replica.element(named: "Tab Café")?.role == .button)
        #expect(h.replica.element(named: "Shared Roastery")?.role == .button)
        // A second tab has its own Tab Café, not the first tab's.
        let other = SessionHarness(hash: Self.paris, world: world, id: 2)
        #expect(other.session.sync { other.session.mapView?.annotations.filter { $0.title == "Tab Café" }.count } == 1)
    }

    @Test func theAppsOwnAnnotationsSurviveASessionCatchingUpFromScratch() throws {
        let app = SeamTestApp()
        let world = World(fonts: sharedWorld.fonts, baseMap: nil, app: app, logLimit: 4)
        let h = SessionHarness(hash: Self.paris, world: world)
        // More changes than the log keeps: the session reloads the whole shared world.
        for i in 0..<10 {
            try world.store.add(
                LiveAnnotation(
                    id: "pin-\(i)", title: "Pin \(i)",
                    coordinate: Coordinate(latitude: 48.852, longitude: 2.346)))
        }
        h.settle(seconds: 0.2)
        let titles = h.session.sync { h.session.mapView?.annotations.compactMap(\.title) } ?? []
        #expect(titles.contains("Tab Café") && titles.contains("Clustered Café"))
        #expect(titles.contains("Shared Roastery") && titles.contains("Pin 9"))
    }

    @Test func aScreenShownWithAPathIsInTheURLAndALoadedURLReopensIt() throws {
        let app = SeamTestApp()
        let world = world(app)
        let h = SessionHarness(hash: Self.paris, world: world)
        h.session.sync {
            h.session.appSession?.show(SeamTestApp.InfoScreen(name: "menu"), path: "info/menu", animated: false)
        }
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 800), devicePixelRatio: 1))
        let pushed = try #require(
            h.frames.flatMap(\.ops).compactMap { op -> (URLMode, String)? in
                if case let .url(mode, url) = op { return (mode, url) }
                return nil
            }.last)
        #expect(pushed.0 == .push && pushed.1.hasSuffix("/info/menu"))
        let loaded = SessionHarness(hash: pushed.1, world: world, id: 2)
        let top = loaded.session.sync { loaded.session.navigation?.topScreen as? SeamTestApp.InfoScreen }
        #expect(top?.name == "menu")
        #expect(loaded.session.sync { loaded.session.currentURL() }.hasSuffix("/info/menu"))
        // A path no route knows leaves the map alone.
        let unknown = SessionHarness(hash: Self.paris + "/nothing/here", world: world, id: 3)
        #expect(unknown.session.sync { unknown.session.navigation?.topScreen } == nil)
    }

    @Test func theBareMapHasNothingButWhatTheWorldHolds() {
        let world = World(fonts: sharedWorld.fonts, baseMap: nil, app: EmptyMapApp())
        #expect(world.store.records.isEmpty)
        let h = SessionHarness(hash: Self.paris, world: world)
        #expect(h.session.sync { h.session.appObject } == nil)
        #expect(h.session.sync { h.session.mapView?.delegate } == nil)
    }
}
