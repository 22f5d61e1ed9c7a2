import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

@Suite struct MarkerAnnotationViewTests {
    private func mapWithMarker(subtitle: String? = "Sub") -> (Window, MapView, PointAnnotation, MarkerAnnotationView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let a = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Marker", subtitle: subtitle)
        map.addAnnotation(a)
        _ = window.renderScene()
        guard let marker = map.view(for: a) as? MarkerAnnotationView else { fatalError("default view is not a marker") }
        return (window, map, a, marker)
    }

    @Test func balloonTipSitsOnTheCoordinateAndTintMakesOneImagePerColour() {
        let (_, _, _, marker) = mapWithMarker()
        // Frame relative to the anchor: centred in x, bottom (the tip) on the point.
        #expect(marker.frame.minX == -15 && marker.frame.maxY == 0)
        let red = marker.balloon.image
        marker.markerTintColor = Color(hex: 0xFF9500)
        let orange = marker.balloon.image
        #expect(red != nil && orange != nil && red != orange)
        #expect(MarkerBalloon.image(tint: Color(hex: 0xFF9500)) == orange)
        let svg = String(decoding: orange?.data ?? [], as: UTF8.self)
        #expect(svg.contains("#FF9500"))
    }

    @Test func titleShowsUnderTheBalloonAndSubtitleOnlyWhileSelected() throws {
        let (window, map, a, marker) = mapWithMarker()
        let title = try #require(marker.titleLabel)
        #expect(title.text == "Marker" && !title.isHidden)
        #expect(title.frame.minY >= marker.bounds.height)
        #expect(marker.subtitleLabel == nil || marker.subtitleLabel?.isHidden == true)
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        #expect(marker.subtitleLabel?.text == "Sub" && marker.subtitleLabel?.isHidden == false)
        #expect((marker.subtitleLabel?.frame.minY ?? 0) >= title.frame.maxY)
        map.deselectAnnotation(a, animated: false)
        _ = window.renderScene()
        #expect(marker.subtitleLabel?.isHidden == true)
        marker.subtitleVisibility = .visible
        marker.titleVisibility = .hidden
        _ = window.renderScene()
        #expect(marker.subtitleLabel?.isHidden == false && title.isHidden)
    }

    @Test func glyphTextWinsOverImageAndSelectedGlyphImageShowsWhileSelected() {
        let (window, map, a, marker) = mapWithMarker()
        #expect(!marker.glyphDot.isHidden, "no glyph given: a dot")
        let plain = MarkerBalloon.image(tint: .black)
        let chosen = MarkerBalloon.image(tint: .white)
        marker.glyphImage = plain
        marker.selectedGlyphImage = chosen
        _ = window.renderScene()
        #expect(marker.glyphImageView.image == plain && !marker.glyphImageView.isHidden && marker.glyphDot.isHidden)
        map.selectAnnotation(a, animated: false)
        _ = window.renderScene()
        #expect(marker.glyphImageView.image == chosen)
        marker.glyphText = "7"
        _ = window.renderScene()
        #expect(
            marker.glyphLabel?.text == "7" && marker.glyphLabel?.isHidden == false && marker.glyphImageView.isHidden)
    }

    @Test func selectedMarkerGrowsFromItsTipOverTheAnimation() throws {
        let (window, map, a, marker) = mapWithMarker()
        let clock = try #require(window.clock as? ManualClock)
        map.selectAnnotation(a, animated: true)
        #expect(marker.balloon.scale == 1)
        #expect(marker.balloon.scaleOrigin == Point(x: 15, y: 40))
        clock.advance(by: MarkerAnnotationView.growDuration / 2)
        window.animator.tick()
        #expect(marker.balloon.scale > 1.1 && marker.balloon.scale < MarkerAnnotationView.selectedScale)
        clock.advance(by: MarkerAnnotationView.growDuration)
        window.animator.tick()
        #expect(marker.balloon.scale == MarkerAnnotationView.selectedScale)
        // The callout's arrow points at the top of the grown balloon.
        #expect(marker.calloutOffset.y == -20)
        map.deselectAnnotation(a, animated: true)
        clock.advance(by: 1)
        window.animator.tick()
        #expect(marker.balloon.scale == 1 && marker.calloutOffset.y == 0)
    }

    @Test func animatesWhenAddedDropsTheBalloonInFromAbove() throws {
        final class Dropping: MapViewDelegate {
            func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
                let view = mapView.dequeueReusableAnnotationView(withIdentifier: "drop", for: annotation)
                (view as? MarkerAnnotationView)?.animatesWhenAdded = annotation.title == "Drops"
                return view
            }
        }
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        let delegate = Dropping()
        map.delegate = delegate
        map.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "drop")
        let drops = PointAnnotation(coordinate: Coordinate(latitude: 0, longitude: 0), title: "Drops")
        let stays = PointAnnotation(coordinate: Coordinate(latitude: 0.01, longitude: 0.01), title: "Stays")
        map.addAnnotations([drops, stays])
        _ = window.renderScene()
        let dropping = try #require(map.view(for: drops) as? MarkerAnnotationView)
        let still = try #require(map.view(for: stays) as? MarkerAnnotationView)
        let clock = try #require(window.clock as? ManualClock)
        #expect(dropping.balloon.frame.minY == -80 && still.balloon.frame.minY == 0)
        #expect(dropping.titleLabel?.alpha == 0, "the title waits for the balloon")
        #expect(window.animator.isAnimating)
        clock.advance(by: MarkerAnnotationView.dropDuration * 0.3)
        window.animator.tick()
        #expect(dropping.balloon.frame.minY < 0 && dropping.balloon.frame.minY > -80)
        clock.advance(by: MarkerAnnotationView.dropDuration)
        window.animator.tick()
        #expect(dropping.balloon.frame.minY == 0 && dropping.titleLabel?.alpha == 1)
        _ = window.renderScene()
        #expect(!window.animator.isAnimating, "it drops once, not on every frame")
    }
}
