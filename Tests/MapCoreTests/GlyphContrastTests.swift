import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A marker's glyph reads on its balloon: white where white has WCAG's
/// 3:1 for graphics, a dark grey on light balloons, the app's choice when
/// it makes one.
@Suite struct GlyphContrastTests {
    @Test func contrastFollowsWCAG() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(abs(Color.white.contrastRatio(with: .white) - 1) < 1e-9)
        // #767676 on white is the well-known 4.54:1.
        #expect(abs(Color(hex: 0x767676).contrastRatio(with: .white) - 4.54) < 0.01)
    }

    @Test func whiteOnDarkBalloonsDarkOnLightOnes() {
        #expect(MarkerAnnotationView.defaultTint.legibleForeground() == .white, "MapKit's red keeps a white glyph")
        #expect(Color(hex: 0x007AFF).legibleForeground() == .white)
        #expect(Color(hex: 0xFFD700).legibleForeground() != .white, "gold")
        #expect(Color(hex: 0xFFFF00).legibleForeground() != .white, "yellow")
        let dark = Color(hex: 0xFFD700).legibleForeground()
        #expect(dark.contrastRatio(with: Color(hex: 0xFFD700)) >= 3)
    }

    @Test func aGoldMarkersGlyphIsDarkUnlessTheAppChoseOne() {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let annotation = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Gold")
        map.addAnnotation(annotation)
        _ = window.renderScene()
        guard let marker = map.view(for: annotation) as? MarkerAnnotationView else {
            Issue.record("default view is not a marker")
            return
        }
        #expect(marker.glyphTintColor == .white)
        marker.markerTintColor = Color(hex: 0xFFD700)
        _ = window.renderScene()
        #expect(
            marker.glyphTintColor != .white && marker.glyphDot.backgroundColor == marker.glyphTintColor,
            "the dot drawn is the legible colour")
        marker.glyphTintColor = .white
        _ = window.renderScene()
        #expect(marker.glyphDot.backgroundColor == .white, "an app's own choice stands")
    }
}
