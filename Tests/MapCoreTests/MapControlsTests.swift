import DisplayList
import Foundation
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The map's own controls on a bare map: scale arithmetic, corners, stacking,
/// overlays they keep clear of, and the keyboard shortcuts panel.
@Suite struct MapControlsTests {
    /// A rendered map at `camera` whose controls show as `options` say.
    func controlledMap(
        size: Size = Size(width: 1280, height: 800),
        camera: Camera = Camera(
            center: Coordinate(
                latitude: 20, longitude: 0), zoom: 4), options: MapControlsOptions = MapControlsOptions(),
        baseMap: BaseMap? = testBaseMap
    ) -> (Window, MapView) {
        let (window, map) = makeMap(size: size, camera: camera, baseMap: baseMap)
        window.defaultKeyResponder = map
        map.controls.options = options
        _ = window.renderScene()
        return (window, map)
    }

    // MARK: Scale

    @Test func metresPerPixelFollowTheWebMercatorFormula() {
        #expect(abs(ScaleBarLength.metresPerPixel(latitude: 0, zoom: 0) - 156_543.033_92) < 0.001)
        let sixty = ScaleBarLength.metresPerPixel(latitude: 60, zoom: 3)
        #expect(abs(sixty - 156_543.033_92 * cos(60 * Double.pi / 180) / 8) < 0.001)
    }

    @Test func lengthsRoundDownToOneTwoOrFiveTimesAPowerOfTen() {
        let cases: [(Double, Double)] = [
            (0.4, 1), (1, 1), (1.9, 1), (2, 2), (4.99, 2), (5, 5), (9.9, 5),
            (10, 10), (480, 200), (999, 500), (1000, 1000), (7_300_000, 5_000_000),
        ]
        for (metres, round) in cases {
            #expect(ScaleBarLength.roundDown(metres) == round, "\(metres)")
        }
    }

    @Test func labelsAreInMetresBelowAKilometreAndKilometresFromOne() {
        #expect(ScaleBarLength(latitude: 0, zoom: 18, maxWidth: 100).label == "50 m")
        #expect(ScaleBarLength(latitude: 0, zoom: 4, maxWidth: 100).label == "500 km")
        #expect(ScaleBarLength(latitude: 0, zoom: 13, maxWidth: 100).label == "1 km")
    }

    @Test func theBarIsTheRoundLengthAtTheCentreLatitudeAndFitsItsMaximum() {
        for (lat, zoom) in [(0.0, 3.0), (35.0, 7.5), (60.0, 12.0), (-70.0, 16.25)] {
            let (_, map) = controlledMap(camera: Camera(center: Coordinate(latitude: lat, longitude: 10), zoom: zoom))
            let bar = map.controls.scaleBar
            let perPixel = 156_543.033_92 * cos(lat * Double.pi / 180) / pow(2, zoom)
            #expect(abs(bar.bar.frame.width - bar.length.metres / perPixel) < 0.01)
            #expect(bar.bar.frame.width <= bar.maxWidth && bar.bar.frame.width > bar.maxWidth / 2.5)
            #expect(bar.accessibilityLabel == "Scale: " + bar.length.label)
        }
    }

    @Test func theSameGroundLengthIsLongerFartherFromTheEquator() {
        let (_, equator) = controlledMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 5))
        let (_, north) = controlledMap(camera: Camera(center: Coordinate(latitude: 60, longitude: 0), zoom: 5))
        let a = equator.controls.scaleBar, b = north.controls.scaleBar
        #expect(a.length.metres == b.length.metres)
        // cos 60° = 1/2: the same 200 km take twice the pixels at 60° N.
        #expect(abs(b.bar.frame.width - 2 * a.bar.frame.width) < 0.01)
    }

    @Test func theScaleBarFollowsTheCamera() {
        let (window, map) = controlledMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 4))
        let before = map.controls.scaleBar.length
        map.camera = Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 9)
        _ = window.renderScene()
        #expect(map.controls.scaleBar.length.metres < before.metres / 20)
    }

    // MARK: Zoom

    @Test func zoomButtonsAreDisabledAtTheEndsOfTheZoomRange() {
        let (window, map) = controlledMap(camera: Camera(center: .zero, zoom: Camera.maxZoom))
        let zoom = map.controls.zoom
        #expect(!zoom.zoomInButton.isEnabled && zoom.zoomInButton.accessibilityFlags == [.disabled])
        #expect(zoom.zoomOutButton.isEnabled && zoom.zoomOutButton.accessibilityFlags == [])
        map.camera = Camera(center: .zero, zoom: Camera.minZoom)
        _ = window.renderScene()
        #expect(zoom.zoomInButton.isEnabled && !zoom.zoomOutButton.isEnabled)
        #expect(!zoom.zoomOutButton.activate(), "a disabled button does nothing")
    }

    // MARK: Corners

    @Test func theDefaultsAreTheWebMapCorners() throws {
        let (_, map) = controlledMap()
        let c = map.controls, size = map.bounds.size
        #expect(c.zoom.frame.minX == 10 && c.zoom.frame.minY == 10)
        #expect(c.keyboardHelpButton.frame.minX == 10 && c.keyboardHelpButton.frame.minY > c.zoom.frame.maxY)
        #expect(c.scaleBar.frame.minX == 10 && c.scaleBar.frame.maxY == size.height - 10)
        #expect(c.attribution.frame.maxX == size.width && c.attribution.frame.maxY == size.height)
        #expect(c.coveredRects.count == 4)
    }

    @Test func optionsMoveAndHideControls() {
        var options = MapControlsOptions()
        options.zoom = .bottomRight
        options.scaleBar = .topRight
        options.keyboardHelp = nil
        options.attribution = .bottomRight
        let (_, map) = controlledMap(options: options)
        let c = map.controls, size = map.bounds.size
        #expect(c.keyboardHelpButton.isHidden)
        #expect(c.scaleBar.frame.maxX == size.width - 10 && c.scaleBar.frame.minY == 10)
        // Sharing the bottom-right corner: the attribution hugs it, the zoom buttons stack above.
        #expect(c.attribution.frame.maxY == size.height)
        #expect(c.zoom.frame.maxX == size.width - 10 && c.zoom.frame.maxY <= c.attribution.frame.minY - 8)
        #expect(c.coveredRects.count == 3)
        map.controls.options = .hidden
        let views: [View] = [c.zoom, c.keyboardHelpButton, c.scaleBar, c.attribution]
        #expect(views.allSatisfy { $0.isHidden })
    }

    @Test func hiddenControlsAreNeitherMirroredNorFocused() {
        let (window, map) = controlledMap(options: .hidden)
        let scene = window.renderScene()
        #expect(!scene.accessibility.contains { $0.name == "Zoom in" || $0.name.hasPrefix("Scale") })
        #expect(!window.focusableViews().contains { $0.isDescendant(of: map.controls) })
    }

    @Test func noTwoControlsOverlapInASmallMapWithAToolbar() {
        let (window, map) = makeMap(
            size: Size(width: 480, height: 640), camera: Camera(center: .zero, zoom: 3),
            baseMap: testBaseMap)
        // A bar like the MapCallouts toolbar: bottom centre, most of the width.
        let toolbar = View(frame: Rect(x: 42, y: 640 - 70, width: 396, height: 46))
        toolbar.backgroundColor = .white
        map.addSubview(toolbar)
        map.controls.options = MapControlsOptions()
        _ = window.renderScene()
        let rects = map.controls.coveredRects
        #expect(rects.count == 4)
        for (i, a) in rects.enumerated() {
            #expect(!a.intersects(toolbar.frame), "\(a) under the toolbar")
            #expect(map.bounds.contains(a), "\(a) off the map")
            for b in rects[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
        // The scale bar moved up off the bar; the attribution fits under it and stays put.
        #expect(map.controls.scaleBar.frame.maxY <= toolbar.frame.minY)
        #expect(map.controls.attribution.frame.maxY == 640)
    }

    /// The controls of a map as small as 320x200 keep to their corners:
    /// whole, inside it, apart, and out of its middle (the central half of
    /// its width and height).
    @Test func onAShortMapACornersStackFlowsIntoAColumnBeside() {
        let (_, map) = controlledMap(size: Size(width: 320, height: 200), options: MapControlsOptions())
        let c = map.controls
        #expect(c.zoom.frame.minY == 10 && c.keyboardHelpButton.frame.minY == 10, "side by side")
        #expect(c.keyboardHelpButton.frame.minX == c.zoom.frame.maxX + 8)
        let middle = Rect(x: 80, y: 50, width: 160, height: 100)
        let frames = [c.zoom.frame, c.keyboardHelpButton.frame, c.scaleBar.frame, c.attribution.frame]
        for (i, a) in frames.enumerated() {
            #expect(map.bounds.contains(a), "\(a) off the map")
            #expect(!a.intersects(middle), "\(a) in the middle of the map")
            for b in frames[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
        // On a taller map the same corner stacks down the edge.
        let (_, tall) = controlledMap(size: Size(width: 320, height: 480), options: MapControlsOptions())
        #expect(tall.controls.keyboardHelpButton.frame.minX == 10)
        #expect(tall.controls.keyboardHelpButton.frame.minY > tall.controls.zoom.frame.maxY)
    }

    @Test func aWideBarOverAShortMapNeverPushesAControlOffIt() {
        let (window, map) = makeMap(
            size: Size(width: 342, height: 152), camera: Camera(center: .zero, zoom: 3),
            baseMap: testBaseMap)
        // A bar across the map, lower than its middle: moving the top-left stack below it would
        // take the zoom buttons out of the map, and the bottom ones above it, into the top's.
        let bar = View(frame: Rect(x: -3, y: 82, width: 348, height: 46))
        map.addSubview(bar)
        map.controls.options = MapControlsOptions()
        _ = window.renderScene()
        let rects = map.controls.coveredRects
        #expect(rects.count == 4)
        for (i, a) in rects.enumerated() {
            #expect(map.bounds.contains(a), "\(a) off the map")
            for b in rects[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
        // Left where it was, the zoom stack paints above the bar: still whole and pressable.
        #expect(map.controls.zoom.frame.minY == 10)
        #expect(map.subviews.last === map.controls)
    }

    @Test func aPanLeavesTheCornersAndWhatTheyDependOnPlacesThemAgain() {
        var options = MapControlsOptions()
        options.scaleBar = .topRight
        let (window, map) = controlledMap(options: options)
        let c = map.controls, size = map.bounds.size
        let placed = c.placements, zoomFrame = c.zoom.frame
        map.camera = Camera(center: Coordinate(latitude: 20, longitude: 3), zoom: 4)
        _ = window.renderScene()
        #expect(c.placements == placed, "a pan along a parallel changes nothing the corners read")
        #expect(c.zoom.frame == zoomFrame)
        // Farther north the same round length is wider: the bar stays flush with the right margin.
        let width = c.scaleBar.frame.width
        map.camera = Camera(center: Coordinate(latitude: 62, longitude: 3), zoom: 4)
        _ = window.renderScene()
        #expect(c.scaleBar.frame.width != width)
        #expect(c.scaleBar.frame.maxX == size.width - 10)
        // An overlay over the top-left corner pushes the stack below it, and follows it when it moves.
        let toolbar = View(frame: Rect(x: 0, y: 0, width: 200, height: 60))
        map.addSubview(toolbar)
        _ = window.renderScene()
        #expect(c.zoom.frame.minY == toolbar.frame.maxY + 8)
        toolbar.frame.size.height = 90
        _ = window.renderScene()
        #expect(c.zoom.frame.minY == 98)
        // A control an app moved goes back to its corner.
        c.zoom.frame.origin = Point(x: 300, y: 300)
        _ = window.renderScene()
        #expect(c.zoom.frame.minX == 10 && c.zoom.frame.minY == 98)
        // A resting map forgets what they were placed for; its next frame places them again, where they were.
        let frames = [c.zoom.frame, c.scaleBar.frame, c.attribution.frame], before = c.placements
        map.rest()
        _ = window.renderScene()
        #expect(c.placements == before + 1)
        #expect([c.zoom.frame, c.scaleBar.frame, c.attribution.frame] == frames)
    }

    @Test func controlsPaintAboveOverlaysAddedAfterThem() {
        let (window, map) = controlledMap()
        let overlay = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        map.addSubview(overlay)
        _ = window.renderScene()
        #expect(map.subviews.last === map.controls)
    }

    // MARK: Attribution

    @Test func theAttributionNamesTheBaseMapsSourcesThenTheApps() {
        var options = MapControlsOptions()
        options.attributions = ["© City Open Data"]
        let (window, map) = controlledMap(options: options)
        #expect(map.controls.attribution.sources == ["Natural Earth", "© City Open Data"])
        let scene = window.renderScene()
        let credit = scene.accessibility.first { $0.item == map.controls.attribution.id }
        #expect(credit?.role == .text && credit?.name == "Map data: Natural Earth | © City Open Data")
    }

    @Test func aSourceCreditedByTwoLayersShowsOnce() throws {
        var options = MapControlsOptions()
        options.attributions = ["© OpenStreetMap contributors", "© City Open Data"]
        let (_, map) = controlledMap(options: options)
        map.controls.dataAttributions = ["Natural Earth", "© OpenStreetMap contributors"]
        #expect(
            map.controls.attribution.sources == [
                "Natural Earth", "© OpenStreetMap contributors", "© City Open Data",
            ])
    }

    /// Tiles everywhere, of no content, credited to someone else.
    final class OtherTiles: StreetTileSource {
        var attributions: [MapCredit] { ["© Someone Else"] }
        var backgroundColor: Color { .white }
        func tiles(covering rect: Rect, zoom: Double) -> [StreetTile] {
            [StreetTile(clip: WorldClip(x: 0, y: 0, width: 1, height: 1), items: [])]
        }
    }

    @Test func aBaseMapCreditedOtherwiseShowsItsOwnSources() throws {
        let (_, map) = controlledMap(baseMap: BaseMap(tiles: OtherTiles()))
        #expect(map.controls.attribution.text == "© Someone Else")
        let (_, bare) = controlledMap(baseMap: nil)
        #expect(bare.controls.attribution.isHidden, "no base map, no credit to show")
    }

    // MARK: Keyboard shortcuts

    @Test func questionMarkOpensTheShortcutsAndEscapeClosesThem() throws {
        let (window, map) = controlledMap()
        // Most tabs never open it: the panel's twenty labels are made on the first "?".
        _ = window.renderScene()
        #expect(!map.controls.subviews.contains { $0 is KeyboardHelpPanel })
        #expect(!map.controls.isKeyboardHelpShown)
        window.dispatch(KeyEvent(phase: .down, key: "?", modifiers: .shift))
        #expect(map.controls.subviews.last is KeyboardHelpPanel, "made on top of the other controls")
        #expect(map.controls.isKeyboardHelpShown)
        #expect(window.focusedView === map.controls.keyboardHelp.closeButton)
        let scene = window.renderScene()
        let dialog = try #require(scene.accessibility.first { $0.role == .dialog })
        #expect(dialog.name == "Keyboard shortcuts")
        #expect(scene.accessibility.contains { $0.name == "+ or =: Zoom in" })
        #expect(scene.accessibility.contains { $0.name.hasPrefix("Arrow keys: ") })
        let panel = map.controls.keyboardHelp.frame
        #expect(map.bounds.contains(panel))
        window.dispatch(KeyEvent(phase: .down, key: "Escape"))
        #expect(!map.controls.isKeyboardHelpShown)
        #expect(window.focusedView == nil)
    }

    @Test func theShortcutsButtonOpensThePanelAndCloseGivesFocusBack() {
        let (window, map) = controlledMap()
        let button = map.controls.keyboardHelpButton
        window.focus(button)
        window.dispatch(KeyEvent(phase: .down, key: "Enter"))
        #expect(map.controls.isKeyboardHelpShown && button.accessibilityFlags == [.expanded])
        window.dispatch(KeyEvent(phase: .down, key: " "))
        #expect(!map.controls.isKeyboardHelpShown, "Space on Close closes it")
        #expect(window.focusedView === button)
    }

    /// As a popover: a press anywhere outside the panel closes it, and that
    /// press selects nothing and moves nothing on the map.
    @Test func aPressOutsideTheShortcutsClosesThemAndDoesNothingElse() throws {
        let (window, map) = controlledMap()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 20, longitude: -20), title: "Pin")
        map.addAnnotation(pin)
        _ = window.renderScene()
        let view = try #require(map.view(for: pin))
        let button = map.controls.keyboardHelpButton
        window.focus(button)
        window.dispatch(KeyEvent(phase: .down, key: "?", modifiers: .shift))
        _ = window.renderScene()
        let panel = map.controls.keyboardHelp.frameInWindow()
        // A press inside the panel, off its Close button, leaves it open.
        window.dispatch(PointerEvent(phase: .down, location: Point(x: panel.midX, y: panel.minY + 8), time: 1))
        window.dispatch(PointerEvent(phase: .up, location: Point(x: panel.midX, y: panel.minY + 8), time: 1.05))
        #expect(map.controls.isKeyboardHelpShown)
        let centre = view.frameInWindow().center
        #expect(!panel.contains(centre), "the pin is beside the panel")
        let camera = map.camera
        window.dispatch(PointerEvent(phase: .down, location: centre, time: 2))
        window.dispatch(PointerEvent(phase: .moved, location: centre + Point(x: 80, y: 40), time: 2.1))
        window.dispatch(PointerEvent(phase: .up, location: centre + Point(x: 80, y: 40), time: 2.2))
        #expect(!map.controls.isKeyboardHelpShown)
        #expect(map.selectedAnnotations.isEmpty, "the press did not select the pin")
        #expect(map.camera == camera, "nor drag the map")
        #expect(window.focusedView === button, "focus went back to the button that opened it")
        // The next press is the map's.
        window.dispatch(PointerEvent(phase: .down, location: centre, time: 3))
        window.dispatch(PointerEvent(phase: .up, location: centre, time: 3.05))
        #expect(map.selectedAnnotations.first === pin)
    }

    @Test func escapeClosesTheShortcutsBeforeItDeselects() {
        let (window, map) = controlledMap()
        let pin = PointAnnotation(coordinate: Coordinate(latitude: 20, longitude: 0), title: "Pin")
        map.addAnnotation(pin)
        map.selectAnnotation(pin, animated: false)
        map.controls.showKeyboardHelp()
        window.dispatch(KeyEvent(phase: .down, key: "Escape"))
        #expect(!map.controls.isKeyboardHelpShown)
        #expect(map.selectedAnnotations.count == 1)
    }
}
