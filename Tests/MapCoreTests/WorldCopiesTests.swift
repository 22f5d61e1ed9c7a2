import DisplayList
import Foundation
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The map over a world that repeats: pins across 180° show around a camera
/// over it, in the copy nearest the camera's centre, and are tapped, read
/// and framed there; the camera goes the short way round and never shows
/// blank past the poles.
@Suite struct WorldCopiesTests {
    static let fiji = Coordinate(latitude: -18.1, longitude: 178.4)
    static let tonga = Coordinate(latitude: -21.1, longitude: -175.2)
    static let samoa = Coordinate(latitude: -13.8, longitude: -171.8)

    static func islands() -> [PointAnnotation] {
        [
            PointAnnotation(coordinate: fiji, title: "Suva"), PointAnnotation(coordinate: tonga, title: "Nukualofa"),
            PointAnnotation(coordinate: samoa, title: "Apia"),
        ]
    }

    /// A 1280 x 800 map at `camera` showing the three islands' pins, drawn once.
    static func islandMap(_ camera: Camera) -> (Window, MapView, [PointAnnotation]) {
        let (window, map) = makeMap(camera: camera)
        let pins = islands()
        map.addAnnotations(pins)
        _ = window.renderScene()
        return (window, map, pins)
    }

    static let over180 = Camera(center: Coordinate(latitude: -20, longitude: 180), zoom: 3)

    @Test func pinsOnBothSidesOf180ShowAroundACameraOverIt() throws {
        let (window, map, pins) = Self.islandMap(Self.over180)
        defer { withExtendedLifetime(window) {} }
        for pin in pins { #expect(map.view(for: pin) != nil, "\(pin.title ?? "")") }
        let centre = map.bounds.midX
        // At zoom 3 a degree is 5.7 px: each island within some 50 px of the centre, on its own side.
        #expect(map.convert(Self.fiji).x < centre && map.convert(Self.fiji).x > centre - 20)
        #expect(map.convert(Self.samoa).x > centre && map.convert(Self.samoa).x < centre + 60)
        let apia = try #require(map.view(for: pins[2]))
        #expect(abs(apia.frameInWindow().midX - map.convert(Self.samoa).x) < 1, "the view is where the pin shows")
    }

    @Test func aMapPannedRoundTheWorldShowsEverythingWhereItDid() throws {
        let (window, map, pins) = Self.islandMap(Self.over180)
        let before = pins.map { map.view(for: $0)?.frameInWindow() }
        // Dragged east by a whole world, a pixel at a time's worth of events.
        let world = 256 * pow(2, map.camera.zoom)
        for _ in 0..<8 {
            map.camera = map.camera.panned(byScreen: Point(x: -world / 8, y: 0))
            _ = window.renderScene()
        }
        #expect(map.camera.center.x > 1.9 * Mercator.worldSize, "the camera went on past the world's edge")
        #expect(abs(map.camera.centerCoordinate.longitude.magnitude - 180) < 1e-6)
        let after = pins.map { map.view(for: $0)?.frameInWindow() }
        for (a, b) in zip(before, after) {
            let a = try #require(a), b = try #require(b)
            #expect(abs(a.minX - b.minX) < 1e-3 && abs(a.minY - b.minY) < 1e-3)
        }
    }

    @Test func aTapOnAPinEastOf180SelectsIt() throws {
        let (window, map, pins) = Self.islandMap(Self.over180)
        let tip = map.convert(Self.samoa)
        // The marker's balloon stands on its point: tap a little above it.
        let target = Point(x: tip.x, y: tip.y - 12)
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: target, time: 1))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: target, time: 1.05))
        #expect(map.selectedAnnotations.first === pins[2])
    }

    @Test func theMirrorReadsAcross180FromWestToEast() throws {
        // One row of the reading order: Fiji's latitude for all three.
        let (window, map) = makeMap(camera: Self.over180)
        let row = [178.0, 179.5, -179.5, -178.0].map {
            PointAnnotation(coordinate: Coordinate(latitude: -18, longitude: $0), title: "\($0)")
        }
        map.addAnnotations(row.reversed())
        _ = window.renderScene()
        let order = map.annotationContainer.visibleSubviewsForFocus().compactMap { $0 as? AnnotationView }
        #expect(order.map { $0.annotation?.title ?? "" } == ["178.0", "179.5", "-179.5", "-178.0"])
    }

    @Test func aPanThatBringsAPinRoundToTheOtherSideReordersTheMirror() throws {
        // Zoom 1 in a wide map: every pin has a view, and the meridian opposite the camera is on screen.
        let (window, map) = makeMap(
            size: Size(width: 1600, height: 400),
            camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1))
        let pins = [170.0, -170.0].map {
            PointAnnotation(
                coordinate: Coordinate(latitude: 0, longitude: $0),
                title: "\($0)")
        }
        map.addAnnotations(pins)
        // The mirror's order, as the render hands it to the page (kept from frame to frame while it holds).
        func reading() -> [String] {
            window.renderScene().accessibility.filter { $0.role == .button && $0.name.hasSuffix(".0") }.map(\.name)
        }
        #expect(reading() == ["-170.0", "170.0"], "from 0°: 170° W on the left, 170° E on the right")
        for step in 1...9 {
            map.camera = Camera(center: Coordinate(latitude: 0, longitude: 10 * Double(step)), zoom: 1)
            _ = window.renderScene()
        }
        #expect(reading() == ["170.0", "-170.0"], "from 90° E: 170° W shows east of 170° E")
    }

    @Test func showAnnotationsFramesIslandsAcross180TheShortWay() throws {
        let (window, map, pins) = Self.islandMap(Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 5))
        map.showAnnotations(pins, animated: false)
        _ = window.renderScene()
        #expect(map.camera.zoom > 4, "ten degrees of ocean, not the whole world")
        #expect(map.camera.centerCoordinate.longitude.magnitude > 175)
        let allowed = map.calloutConstrainedRect.inset(by: MapView.defaultAnnotationEdgePadding)
            .insetBy(dx: -1e-6, dy: -1e-6)
        for pin in pins {
            let frame = try #require(map.view(for: pin)?.frameInWindow())
            #expect(allowed.contains(frame), "\(pin.title ?? "") at \(frame)")
        }
    }

    @Test func anAnimatedMoveGoesTheShortWayRound() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: -15, longitude: 170), zoom: 5))
        let clock = try #require(window.clock as? ManualClock)
        map.setCamera(Camera(center: Coordinate(latitude: -15, longitude: -170), zoom: 5), animated: true)
        var longitudes: [Double] = []
        for _ in 0..<30 {
            clock.advance(by: 1.0 / 60)
            window.animator.tick()
            longitudes.append(map.camera.centerCoordinate.longitude)
        }
        #expect(longitudes.allSatisfy { $0.magnitude >= 170 - 1e-6 }, "never over the Atlantic: \(longitudes)")
        #expect(abs(longitudes.last! - -170) < 1e-6)
    }

    @Test func viewsThatMeetWhenAPanBringsOneRoundToTheOtherSideCollide() throws {
        // Zoom 1 in a wide map: the world is 512 px, and the view shows three copies of it.
        let (window, map) = makeMap(
            size: Size(width: 1600, height: 400),
            camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 1))
        let delegate = CollisionTests.Delegate()
        delegate.priorities = ["East": .defaultHigh, "West": .defaultLow]
        map.delegate = delegate
        let east = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 170), title: "East")
        let west = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: -170), title: "West")
        map.addAnnotations([east, west])
        _ = window.renderScene()
        // Seen from 0°, 340° apart: on either side of the centre.
        #expect(map.view(for: west)?.isHidden == false && map.view(for: east)?.isHidden == false)
        // Seen from 90° E, West shows 20° east of East (28 px): their 30 px squares overlap.
        map.camera = Camera(center: Coordinate(latitude: 0, longitude: 90), zoom: 1)
        _ = window.renderScene()
        let eastView = try #require(map.view(for: east)), westView = try #require(map.view(for: west))
        #expect(abs(westView.frameInWindow().midX - eastView.frameInWindow().midX - 28.4) < 1)
        #expect(!eastView.isHidden && westView.isHidden, "the lower priority gives way")
    }

    @Test func theWorldFillsTheMapFromTopToBottomAtEveryZoom() {
        let size = Size(width: 1920, height: 1080)
        let opening = Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 2)
        let (window, map) = makeMap(size: size, camera: opening)
        _ = window.renderScene()
        #expect(256 * pow(2, map.camera.zoom) >= 1080 - 1e-6, "the opening view leaves no band above or below")
        // Zooming out with the wheel stops there; panning north stops at the edge.
        for _ in 0..<10 {
            window.dispatch(WheelEvent(location: Point(x: 960, y: 540), delta: Point(x: 0, y: 200), time: 1))
        }
        _ = window.renderScene()
        #expect(abs(map.camera.zoom - Camera.minimumZoom(for: size)) < 1e-9)
        map.camera = map.camera.panned(byScreen: Point(x: 0, y: 5000))
        let visible = map.camera.visibleWorldRect(viewport: size)
        #expect(visible.minY >= -1e-3 && visible.maxY <= Mercator.worldSize + 1e-3)
        // A smaller window gets the view it asked for, then a resize keeps the world filling it.
        let (small, smallMap) = makeMap(camera: Camera(center: Coordinate(latitude: 60, longitude: 0), zoom: 2))
        #expect(smallMap.camera.zoom == 2)
        small.frame.size = size
        smallMap.frame.size = size
        _ = small.renderScene()
        #expect(smallMap.camera.zoom >= Camera.minimumZoom(for: size) - 1e-9)
        #expect(smallMap.camera.visibleWorldRect(viewport: size).minY >= -1e-3)
    }
}
