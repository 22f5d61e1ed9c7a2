import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Testing
import ViewKit

@testable import LiveWorld
@testable import MapSession

/// An app whose one pin's callout stretches in and out.
struct StretchTestApp: MapApp {
    final class Delegate: MapViewDelegate {
        func mapView(_ mapView: MapView, viewFor annotation: Annotation) -> AnnotationView? {
            let view = mapView.dequeueReusableAnnotationView(withIdentifier: "pin", for: annotation)
            view.canShowCallout = true
            view.calloutPresentAnimation = .stretch
            view.calloutDismissAnimation = .stretch
            return view
        }
    }

    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        let delegate = Delegate()
        session.mapView.delegate = delegate
        session.mapView.register(MarkerAnnotationView.self, forAnnotationViewWithReuseIdentifier: "pin")
        session.mapView.addAnnotation(
            PointAnnotation(
                coordinate: Coordinate(latitude: 20, longitude: 0),
                title: "Lighthouse", subtitle: "Open at dusk"))
        return delegate
    }
}

/// The stretch as the browser receives it: the callout's SCALE about its
/// arrow tip in the frames, sampled on the stepped clock and read back from
/// the replica of what the page holds.
@Suite struct CalloutStretchSessionTests {
    let world = World(fonts: sharedWorld.fonts, baseMap: nil, store: AnnotationStore(seeds: []), app: StretchTestApp())

    private func step(_ h: SessionHarness, by seconds: Double) {
        h.clock.advance(by: seconds)
        h.session.sync { h.session.tick() }
        h.drain()
    }

    @Test func theFramesCarryTheStretchAboutTheTipAndItsSizeOnScreen() throws {
        let h = SessionHarness(hash: "#6/20/0", world: world)
        h.click(try #require(h.center(of: "Lighthouse")))
        let callout = try #require(h.replica.accessibility.first { $0.role == .dialog }).item
        let scale = { try #require(h.replica.items[callout]?.properties.scale) }
        #expect(try scale().scale == 0)
        // The origin is the arrow tip: under the body of a down-pointing bubble, within its width.
        let frame = try #require(h.replica.items[callout]?.properties.frame)
        let tip = try scale()
        #expect(tip.originY > frame.height && tip.originX > 0 && tip.originX < frame.width)

        step(h, by: 0.05)
        #expect(try abs(scale().scale - 0.5) < 1e-4 && scale().originX == tip.originX && scale().originY == tip.originY)
        let mid = try #require(h.replica.screenBounds(of: callout))
        #expect(abs(mid.width - Double(frame.width) / 2) < 0.01 && abs(mid.height - Double(frame.height) / 2) < 0.01)

        step(h, by: 0.05 + 1e-6)
        #expect(try scale().scale == 1)
        let end = try #require(h.replica.screenBounds(of: callout))
        #expect(end.width == Double(frame.width) && end.height == Double(frame.height))
        // Scaled about the tip: the tip is at the same screen point both times.
        let tipOnScreen = { (r: Rect, k: Double) in
            Point(x: r.minX + Double(tip.originX) * k, y: r.minY + Double(tip.originY) * k)
        }
        #expect(tipOnScreen(mid, 0.5).distance(to: tipOnScreen(end, 1)) < 0.01)
    }

    @Test func escapeStretchesItBackIntoTheTipAndItGoesInATenthOfASecond() throws {
        let h = SessionHarness(hash: "#6/20/0", world: world)
        h.click(try #require(h.center(of: "Lighthouse")))
        h.settle(seconds: 0.2)
        let callout = try #require(h.replica.accessibility.first { $0.role == .dialog }).item
        h.key("Escape")
        #expect(!h.replica.accessibility.contains { $0.role == .dialog }, "it leaves the mirror at once")
        step(h, by: 0.05)
        let item = try #require(h.replica.items[callout])
        #expect(abs(Double(item.properties.scale.scale) - 0.5) < 1e-4 && item.properties.alpha == 1)
        step(h, by: 0.05 + 1e-6)
        #expect(h.replica.items[callout] == nil)
    }
}
