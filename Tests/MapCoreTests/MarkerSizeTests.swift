import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// simplestyle's `marker-size`: a styled annotation's marker is drawn small,
/// medium or large by scaling its balloon about the tip.
@Suite struct MarkerSizeTests {
    final class SizedPin: StyledAnnotation {
        let coordinate: Coordinate
        let title: String? = "Sized"
        let subtitle: String? = nil
        let markerColor: Color? = nil
        let markerSymbol: String? = nil
        nonisolated(unsafe) var markerSize: MarkerSize?

        init(coordinate: Coordinate, markerSize: MarkerSize?) {
            self.coordinate = coordinate
            self.markerSize = markerSize
        }
    }

    /// An app's styled annotation written before sizes existed.
    final class UnsizedPin: StyledAnnotation {
        let coordinate = Coordinate(latitude: 0, longitude: 0)
        let title: String? = "Unsized"
        let subtitle: String? = nil
        let markerColor: Color? = nil
        let markerSymbol: String? = nil
    }

    func marker(for annotation: Annotation) -> (Window, MapView, MarkerAnnotationView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.addAnnotation(annotation)
        _ = window.renderScene()
        guard let marker = map.view(for: annotation) as? MarkerAnnotationView else {
            fatalError("a styled annotation's default view is not a marker")
        }
        return (window, map, marker)
    }

    @Test func eachSizeScalesTheBalloonAboutItsTip() {
        for (size, scale) in [(MarkerSize.small, 0.75), (.medium, 1), (.large, 1.3), (nil, 1)] {
            let pin = SizedPin(coordinate: Coordinate(latitude: 0, longitude: 0), markerSize: size)
            let (_, _, marker) = marker(for: pin)
            #expect(marker.balloon.scale == scale, "\(String(describing: size))")
            #expect(marker.balloon.scaleOrigin == Point(x: 15, y: 40), "the tip stays on the coordinate")
            // The drawn balloon is as tall as its scale, its bottom on the tip.
            let drawn = marker.drawnFrame
            #expect(abs(drawn.minY - (40 - 40 * scale)) < 1e-9)
            #expect(marker.frame.maxY == 0)
        }
    }

    @Test func aStyledAnnotationWithoutASizeGetsTheUsualMarker() {
        let (_, _, marker) = marker(for: UnsizedPin())
        #expect(marker.markerSize == .medium && marker.balloon.scale == 1)
    }

    @Test func aSelectedSizedMarkerGrowsFromItsOwnSizeAndTheCalloutPointsAtItsTop() throws {
        let pin = SizedPin(coordinate: Coordinate(latitude: 0, longitude: 0), markerSize: .large)
        let (window, map, marker) = marker(for: pin)
        map.selectAnnotation(pin, animated: false)
        _ = window.renderScene()
        let grown = MarkerAnnotationView.selectedScale * 1.3
        #expect(abs(marker.balloon.scale - grown) < 1e-9)
        #expect(abs(marker.calloutOffset.y - -(grown - 1) * 40) < 1e-9)
        map.deselectAnnotation(pin, animated: false)
        _ = window.renderScene()
        #expect(marker.balloon.scale == 1.3)
    }

    @Test func aSizeChangeIsDrawnOnceTheMapIsTold() {
        let pin = SizedPin(coordinate: Coordinate(latitude: 0, longitude: 0), markerSize: nil)
        let (window, map, marker) = marker(for: pin)
        pin.markerSize = .small
        map.annotationStyleDidChange(pin)
        _ = window.renderScene()
        #expect(marker.balloon.scale == 0.75)
        #expect(marker.calloutOffset.y == 10, "the callout points at the smaller balloon's top")
    }
}
