import DisplayList
import Foundation
import MapCore
import MapGeometry
import SessionTransport
import Testing
import ViewKit

@testable import LiveWorld
@testable import MapSession

/// An app that moves and credits its tab's controls in `setUpSession`.
struct ControlsTestApp: MapApp {
    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        session.controls.options.zoom = .bottomRight
        session.controls.options.scaleBar = nil
        session.controls.options.attributions.append("© Test Data")
        return nil
    }
}

/// The map's controls in a whole session: pressed with the pointer and the
/// keyboard, named in the mirror, placed as the configuration and the app say.
@Suite struct MapControlsSessionTests {
    static let viewport = Size(width: 1280, height: 800)

    private func element(_ h: SessionHarness, _ name: String) throws -> AccessibilityElement {
        try #require(h.replica.element(named: name), "\(name) in the mirror")
    }

    private func bounds(_ h: SessionHarness, _ name: String) throws -> Rect {
        try #require(h.replica.screenBounds(of: try element(h, name).item))
    }

    /// Tabs until the focused mirror element is `name`; false if Tab never gets there.
    private func tab(_ h: SessionHarness, to name: String, limit: Int = 300) -> Bool {
        for _ in 0..<limit {
            h.key("Tab")
            if h.replica.accessibility.first(where: { $0.item == h.replica.focus })?.name == name { return true }
        }
        return false
    }

    @Test func theDefaultMapNamesItsControlsInTheMirror() throws {
        let h = SessionHarness()
        #expect(try element(h, "Zoom in").role == .button)
        #expect(try element(h, "Zoom out").role == .button)
        #expect(try element(h, "Keyboard shortcuts").role == .button)
        let credit = try element(h, "Map data: Natural Earth")
        #expect(credit.role == .text)
        #expect(h.replica.accessibility.contains { $0.role == .text && $0.name.hasPrefix("Scale: ") })
        // Where web maps have them: zoom top left, scale bottom left, attribution bottom right.
        let zoomIn = try bounds(h, "Zoom in"), creditBounds = try bounds(h, credit.name)
        #expect(zoomIn.minX == 10 && zoomIn.minY == 10)
        #expect(creditBounds.maxX == Self.viewport.width && creditBounds.maxY == Self.viewport.height)
    }

    @Test func clickingZoomInAndOutZoomsOneLevelAboutTheCentre() throws {
        let h = SessionHarness(hash: "#4/20/0")
        let start = h.camera
        h.click(try #require(h.center(of: "Zoom in")))
        h.settle()
        #expect(abs(h.camera.zoom - (start.zoom + 1)) < 1e-9)
        #expect(h.camera.center.distance(to: start.center) < 1)
        h.time += 1000 // not a double click
        h.click(try #require(h.center(of: "Zoom out")))
        h.settle()
        #expect(abs(h.camera.zoom - start.zoom) < 1e-9)
        #expect(h.camera.center.distance(to: start.center) < 1)
    }

    @Test func zoomIsAnimated() throws {
        let h = SessionHarness(hash: "#4/20/0")
        h.click(try #require(h.center(of: "Zoom in")))
        h.settle(seconds: 0.1)
        #expect(h.camera.zoom > 4 && h.camera.zoom < 5, "part way after 0.1 s: \(h.camera.zoom)")
        h.settle()
        #expect(abs(h.camera.zoom - 5) < 1e-9)
    }

    @Test func tabReachesTheZoomButtonsAndEnterAndSpacePressThem() throws {
        let h = SessionHarness(hash: "#4/20/0")
        #expect(tab(h, to: "Zoom in"))
        h.key("Enter")
        h.settle()
        #expect(abs(h.camera.zoom - 5) < 1e-9)
        h.key("Tab")
        #expect(h.replica.focus == (try element(h, "Zoom out")).item)
        h.key(" ")
        h.key(" ")
        h.settle()
        #expect(abs(h.camera.zoom - 3) < 1e-9)
    }

    @Test func activatingFromTheMirrorZooms() throws {
        let h = SessionHarness(hash: "#6/20/0")
        h.send(.activate(seq: h.nextSeq(), item: try element(h, "Zoom out").item))
        h.settle()
        #expect(abs(h.camera.zoom - 5) < 1e-9)
    }

    @Test func atTheClosestZoomZoomInIsDisabledAndDoesNothing() throws {
        let h = SessionHarness(hash: "#18/37.8/-122.4")
        let zoomIn = try element(h, "Zoom in")
        #expect(zoomIn.flags.contains(.disabled))
        #expect(!(try element(h, "Zoom out")).flags.contains(.disabled))
        h.click(try #require(h.center(of: "Zoom in")))
        h.settle()
        #expect(h.camera.zoom == Camera.maxZoom)
        h.click(try #require(h.center(of: "Zoom out")))
        h.settle()
        #expect(!(try element(h, "Zoom in")).flags.contains(.disabled), "enabled again one level out")
    }

    @Test func theScaleBarIsTrueAtTwoLatitudes() throws {
        var widths: [Double] = []
        for lat in [0.0, 60.0] {
            let h = SessionHarness(hash: "#5/\(lat)/10")
            let bar = h.session.sync { h.session.mapView!.controls.scaleBar.bar.id }
            let width = Double(try #require(h.replica.items[bar]).properties.frame.width)
            let zoom = h.camera.zoom, centreLat = h.camera.centerCoordinate.latitude
            let perPixel = 156_543.033_92 * cos(centreLat * Double.pi / 180) / pow(2, zoom)
            // 100 px are 489 km at the equator and 245 km at 60°: both round down to 200 km.
            #expect(h.replica.accessibility.contains { $0.name == "Scale: 200 km" })
            #expect(abs(width - 200_000 / perPixel) < 0.01, "at \(lat)°: \(width) px")
            widths.append(width)
        }
        #expect(widths[1] > 1.9 * widths[0], "farther from the equator the same 200 km are longer")
    }

    @Test func theScaleBarFollowsTheCamera() throws {
        let h = SessionHarness(hash: "#4/20/0")
        let before = try #require(h.replica.accessibility.first { $0.name.hasPrefix("Scale: ") }).name
        h.key("+")
        h.key("+")
        h.settle()
        let after = try #require(h.replica.accessibility.first { $0.name.hasPrefix("Scale: ") }).name
        // At 20° N, 100 px are 919 km at zoom 4 and 230 km at zoom 6.
        #expect(abs(h.camera.zoom - 6) < 1e-9, "two quick presses of + zoom two levels")
        #expect(before == "Scale: 500 km" && after == "Scale: 200 km")
    }

    @Test func questionMarkOpensTheKeyListAndEscapeClosesIt() throws {
        let h = SessionHarness()
        h.key("?", modifiers: .shift)
        let dialog = try #require(h.replica.accessibility.first { $0.role == .dialog })
        #expect(dialog.name == "Keyboard shortcuts")
        #expect(h.replica.focus == (try element(h, "Close")).item)
        #expect(h.replica.accessibility.contains { $0.name == "Arrow keys: Pan the map" })
        h.key("Escape")
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
    }

    @Test func theShortcutsButtonOpensTheListAndCloseClosesIt() throws {
        let h = SessionHarness()
        h.click(try #require(h.center(of: "Keyboard shortcuts")))
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Keyboard shortcuts" })
        #expect(try element(h, "Keyboard shortcuts").flags.contains(.expanded))
        h.time += 1000
        h.click(try #require(h.center(of: "Close")))
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
    }

    @Test func theConfigurationMovesAndHidesControls() throws {
        var options = MapControlsOptions()
        options.zoom = .bottomRight
        options.scaleBar = nil
        options.keyboardHelp = .topRight
        let world = World(
            fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap,
            store: AnnotationStore(seeds: []), app: EmptyMapApp(), controls: options)
        let h = SessionHarness(world: world)
        #expect(!h.replica.accessibility.contains { $0.name.hasPrefix("Scale: ") })
        let zoomOut = try bounds(h, "Zoom out"), credit = try bounds(h, "Map data: Natural Earth")
        #expect(zoomOut.maxX == Self.viewport.width - 10 && zoomOut.maxY <= credit.minY)
        let help = try bounds(h, "Keyboard shortcuts")
        #expect(help.maxX == Self.viewport.width - 10 && help.minY == 10)
    }

    @Test func anAppChangesItsTabsControlsInSetUp() throws {
        let world = World(fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap, app: ControlsTestApp())
        let h = SessionHarness(world: world)
        #expect(h.replica.element(named: "Map data: Natural Earth | © Test Data") != nil)
        #expect(!h.replica.accessibility.contains { $0.name.hasPrefix("Scale: ") })
        #expect(try bounds(h, "Zoom in").maxX == Self.viewport.width - 10)
    }

    @Test func controlsKeepTheirCornersWhenTheWindowResizes() throws {
        let h = SessionHarness(hash: "#4/20/0")
        let small = Size(width: 900, height: 500)
        h.replica.viewport = small
        h.send(.resize(seq: h.nextSeq(), size: small, devicePixelRatio: 1))
        let credit = try bounds(h, "Map data: Natural Earth"), zoomIn = try bounds(h, "Zoom in")
        #expect(credit.maxX == small.width && credit.maxY == small.height)
        #expect(zoomIn.minX == 10 && zoomIn.minY == 10)
        let scale = try bounds(h, try #require(h.replica.accessibility.first { $0.name.hasPrefix("Scale: ") }).name)
        #expect(scale.minX == 10 && scale.maxY == small.height - 10)
    }

    @Test func inASmallWindowNoControlCoversAnotherOrTheMapCalloutsToolbar() throws {
        let size = Size(width: 480, height: 640)
        let h = SessionHarness(size: size, hash: MapCalloutsSessionTests.sanFrancisco)
        let toolbar = try ["City", "Bridge", "Flower", "Ferry", "All"].map { try bounds(h, $0) }
            .reduce(nil as Rect?) { $0?.union($1) ?? $1 }!
        let scale = try #require(h.replica.accessibility.first { $0.name.hasPrefix("Scale: ") }).name
        let names = ["Zoom in", "Zoom out", "Keyboard shortcuts", scale, "Map data: Natural Earth"]
        let rects = try names.map { try bounds(h, $0) }
        for (i, a) in rects.enumerated() {
            #expect(!a.intersects(toolbar), "\(names[i]) \(a) is under the toolbar \(toolbar)")
            #expect(Rect(origin: .zero, size: size).contains(a), "\(names[i]) \(a) is off the map")
            for (j, b) in rects.enumerated() where j > i {
                #expect(!a.intersects(b), "\(names[i]) overlaps \(names[j])")
            }
        }
        let covered = h.session.sync { h.session.mapView!.controls.coveredRects }
        #expect(covered.count == 4, "zoom, shortcuts, scale and attribution, for callouts to avoid")
    }
}
