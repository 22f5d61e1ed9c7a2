import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// `showAnnotations` fits the annotations' views, not just their points,
/// inside the part of the map nothing floats over, less the edge padding.
@Suite struct ShowAnnotationsTests {
    /// Five markers spread over the San Francisco Bay, the map looking elsewhere.
    static func bay(size: Size = Size(width: 900, height: 600)) -> (Window, MapView, [PointAnnotation]) {
        let (window, map) = makeMap(size: size, camera: Camera(center: Coordinate(latitude: 48, longitude: 2), zoom: 5))
        let places = [
            (37.8199, -122.4783), (37.7956, -122.3934), (37.7694, -122.4862),
            (37.7080, -122.4000), (37.8716, -122.2727),
        ]
        let annotations = places.enumerated().map { i, p in
            PointAnnotation(coordinate: Coordinate(latitude: p.0, longitude: p.1), title: "Place \(i)")
        }
        map.addAnnotations(annotations)
        _ = window.renderScene()
        return (window, map, annotations)
    }

    /// The free part of the map less `padding`, and every annotation's view frame on screen.
    static func frames(_ window: Window, _ map: MapView, _ annotations: [Annotation]) -> [Rect] {
        _ = window.renderScene()
        return annotations.compactMap { map.view(for: $0)?.frameInWindow() }
    }

    @Test func theViewsEndInsideTheMapLessTheDefaultPadding() throws {
        let (window, map, annotations) = Self.bay()
        map.showAnnotations(annotations, animated: false)
        let frames = Self.frames(window, map, annotations)
        #expect(frames.count == annotations.count)
        // A hair of slack for the world-to-screen round trip.
        let allowed = map.calloutConstrainedRect.inset(by: MapView.defaultAnnotationEdgePadding)
            .insetBy(dx: -1e-6, dy: -1e-6)
        for f in frames { #expect(allowed.contains(f), "\(f) outside \(allowed)") }
        // A fit, not a zoom out to the world: the views span much of the room.
        let spread = frames.dropFirst().reduce(frames[0]) { $0.union($1) }
        #expect(spread.width > allowed.width / 2 || spread.height > allowed.height / 2)
    }

    @Test func theViewsClearTheEdgePaddingTheInsetsAndWhatFloatsOverTheMap() throws {
        // Narrow: the width binds, so every px taken off the sides counts.
        let (window, map, annotations) = Self.bay(size: Size(width: 520, height: 600))
        map.calloutInsets = EdgeInsets(top: 50, left: 0, bottom: 0, right: 0)
        let bar = View(frame: Rect(x: 60, y: 530, width: 400, height: 60))
        bar.backgroundColor = .white
        map.addSubview(bar)
        // Not drawn since: the controls have not laid themselves out yet.
        map.controls.options = MapControlsOptions()
        let padding = EdgeInsets(top: 30, left: 60, bottom: 10, right: 40)
        map.showAnnotations(annotations, edgePadding: padding, animated: false)
        let frames = Self.frames(window, map, annotations)
        #expect(frames.count == annotations.count)
        let free = map.calloutConstrainedRect
        #expect(free.minY >= 50 && free.maxY <= bar.frame.minY, "insets and the bar are taken off")
        let zoomButtons = map.controls.zoom.frame
        #expect(zoomButtons.width > 0 && free.minX >= zoomButtons.maxX, "the zoom buttons are taken off")
        let allowed = free.inset(by: padding).insetBy(dx: -1e-6, dy: -1e-6)
        for f in frames {
            #expect(allowed.contains(f), "\(f) outside \(allowed)")
            #expect(!f.intersects(bar.frame))
        }
    }

    /// A click on a cluster frames its members as `showAnnotations` frames
    /// annotations: each member's view, its title included, ends clear of an
    /// app's bar over the map's bottom, the insets and the controls, though
    /// the zoom goes a level deeper than a fit would.
    @Test func aClustersMembersShowClearOfWhatCoversTheMap() throws {
        let vans = (0..<4).map { i in
            PointAnnotation(
                coordinate: Coordinate(
                    latitude: -30 + 0.02 * Double(i % 3),
                    longitude: -120 + 0.02 * Double(i / 3)), title: "Van \(i)")
        }
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: -30, longitude: -120), zoom: 6))
        map.sharedAnnotations = ClusteringSource(identifier: "fleet", annotations: vans)
        let bar = View(frame: Rect(x: 440, y: 720, width: 400, height: 60))
        bar.backgroundColor = .white
        map.addSubview(bar)
        map.calloutInsets = EdgeInsets(top: 40, left: 0, bottom: 0, right: 0)
        _ = window.renderScene()
        let badge = try #require(map.annotationContainer.subviews.compactMap { $0 as? ClusterAnnotationView }.first)
        map.showMembers(of: try #require(badge.annotation as? ClusterAnnotation), animated: false)
        _ = window.renderScene()
        #expect(map.calloutConstrainedRect.maxY <= bar.frame.minY)
        let free = map.calloutConstrainedRect.insetBy(dx: -1e-6, dy: -1e-6)
        for van in vans {
            let view = try #require(map.view(for: van), "\(van.title ?? "") shows on its own")
            let origin = view.frameInWindow().origin
            let drawn = view.drawnFrame.offsetBy(dx: origin.x, dy: origin.y)
            #expect(free.contains(drawn), "\(van.title ?? ""): \(drawn) outside \(free)")
        }
    }
}
