import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// The map's own controls, its standard callout and its marker titles on a
/// dark map, as MapKit's dark mode draws them; marker balloons keep their colours.
@Suite struct DarkInterfaceTests {
    final class Callouts: MapViewDelegate {
        var tint: Color?
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "marker", for: annotation)
            view.canShowCallout = true
            let info = DetailDisclosureButton(typeface: testFonts.bold)
            if let tint { info.tintColor = tint }
            view.rightCalloutAccessoryView = info
            return view
        }
    }

    let delegate = Callouts()
    let ferry = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Ferry", subtitle: "Pier 1")

    func map() -> (Window, MapView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.controls.options = MapControlsOptions()
        map.delegate = delegate
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "marker")
        map.addAnnotation(ferry)
        _ = window.renderScene()
        return (window, map)
    }

    /// Rec. 709 luma of a colour, 0 (black) to 255 (white).
    func luma(_ c: Color) -> Double {
        0.2126 * Double(c.rgba >> 24 & 0xFF) + 0.7152 * Double(c.rgba >> 16 & 0xFF) + 0.0722
            * Double(c.rgba >> 8 & 0xFF)
    }

    @Test func theControlsTurnDarkWithLightInk() {
        let (window, map) = map()
        let controls = map.controls
        #expect(luma(controls.zoom.backgroundColor) > 200, "light by default")
        map.applyUserInterfaceStyle(.dark)
        _ = window.renderScene()
        #expect(map.userInterfaceStyle == .dark)
        for fill in [
            controls.zoom.backgroundColor, controls.zoom.zoomInButton.backgroundColor,
            controls.keyboardHelpButton.backgroundColor, controls.scaleBar.backgroundColor,
            controls.attribution.backgroundColor,
        ] {
            #expect(luma(fill) < 60, "\(fill)")
        }
        #expect(luma(controls.zoom.zoomInButton.titleLabel.textColor) > 200)
        #expect(luma(controls.scaleBar.bar.backgroundColor) > 200)
        // The panel, made only when first opened, is dark too.
        controls.showKeyboardHelp()
        #expect(luma(controls.keyboardHelp.backgroundColor) < 60)
        map.applyUserInterfaceStyle(.light)
        #expect(luma(controls.keyboardHelp.backgroundColor) > 200)
        #expect(luma(controls.scaleBar.backgroundColor) > 200)
    }

    @Test func theCalloutTurnsDarkAndItsDefaultTintFollows() throws {
        let (window, map) = map()
        map.applyUserInterfaceStyle(.dark)
        map.selectAnnotation(ferry, animated: false)
        _ = window.renderScene()
        let callout = try #require(map.calloutView)
        #expect(luma(callout.bubble.backgroundColor) < 60)
        #expect(luma(callout.titleLabel.textColor) > 200)
        #expect(luma(callout.subtitleLabel.textColor) > 120)
        let info = try #require(callout.rightAccessory as? DetailDisclosureButton)
        #expect(info.tintColor == MapChromeColors.dark.tint)
        // An open callout follows the map back to light.
        map.applyUserInterfaceStyle(.light)
        #expect(luma(callout.bubble.backgroundColor) > 200 && info.tintColor == MapChromeColors.light.tint)
    }

    @Test func anAppsOwnTintIsKept() throws {
        delegate.tint = Color(hex: 0xFF9500)
        let (window, map) = map()
        map.applyUserInterfaceStyle(.dark)
        map.selectAnnotation(ferry, animated: false)
        _ = window.renderScene()
        let info = try #require(map.calloutView?.rightAccessory as? DetailDisclosureButton)
        #expect(info.tintColor == Color(hex: 0xFF9500))
    }

    @Test func markerTitlesTurnLightAndBalloonsKeepTheirColour() throws {
        let (window, map) = map()
        let marker = try #require(map.view(for: ferry) as? MarkerAnnotationView)
        let balloon = marker.markerTintColor
        #expect(luma(try #require(marker.titleLabel).textColor) < 60)
        map.applyUserInterfaceStyle(.dark)
        _ = window.renderScene()
        #expect(luma(try #require(marker.titleLabel).textColor) > 200)
        #expect(marker.markerTintColor == balloon)
    }
}
