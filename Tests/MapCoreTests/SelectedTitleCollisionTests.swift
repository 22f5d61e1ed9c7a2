import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A selected marker claims all it draws, its title and subtitle too: a
/// view of a lower priority under its subtitle gives way while it is
/// selected, and comes back after.
@Suite struct SelectedTitleCollisionTests {
    final class Delegate: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            guard annotation.title == "Flag" else { return nil }
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "flag", for: annotation)
            view.frame.size = Size(width: 20, height: 20)
            view.displayPriority = .defaultHigh
            return view
        }
    }

    @Test func aLowerViewUnderASelectedMarkersSubtitleHidesWhileItIsSelected() throws {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let delegate = Delegate()
        map.delegate = delegate
        let marker = PointAnnotation(
            coordinate: map.convert(Point(x: 640, y: 400)), title: "Ferry Building",
            subtitle: "Opened: July 13, 1898")
        // Just under the marker's point, where its title and subtitle print once selected.
        let flag = PointAnnotation(coordinate: map.convert(Point(x: 660, y: 436)), title: "Flag")
        map.addAnnotations([marker, flag])
        _ = window.renderScene()
        let flagView = try #require(map.view(for: flag))
        #expect(!flagView.isHidden, "at rest the marker claims its balloon and the flag is clear of it")
        map.selectAnnotation(marker, animated: false)
        _ = window.renderScene()
        #expect(flagView.isHidden, "the selected marker's subtitle wins")
        map.deselectAnnotation(marker, animated: false)
        _ = window.renderScene()
        #expect(!flagView.isHidden)
        withExtendedLifetime(delegate) {}
    }
}
