import DisplayList
import Foundation
import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A credit with a page is a link in the attribution: pressed, or Enter on
/// it with keyboard focus, the map asks its host to open the page; the
/// strip's plain text is still the map under it.
@Suite struct AttributionLinkTests {
    static let osm = "© OpenStreetMap contributors"

    /// A rendered map crediting Natural Earth (plain) and `credits` (OpenStreetMap: a link), and the URLs it asked
    /// to open.
    func creditedMap(size: Size = Size(width: 1280, height: 800), credits: [String] = [osm]) -> (
        Window, MapView, Opened
    ) {
        let (window, map) = makeMap(
            size: size, camera: Camera(center: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 15),
            baseMap: testBaseMap)
        window.defaultKeyResponder = map
        var options = MapControlsOptions()
        options.attributions = credits
        map.controls.options = options
        let opened = Opened()
        map.observer.openURL = { opened.urls.append($0) }
        _ = window.renderScene()
        return (window, map, opened)
    }

    final class Opened {
        var urls: [String] = []
    }

    func press(_ window: Window, at p: Point, time: Double = 1) {
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: p, time: time))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: p, time: time + 0.05))
    }

    @Test func openStreetMapsCreditLinksToItsCopyrightPage() {
        #expect(MapCredit(text: Self.osm).url == "https://www.openstreetmap.org/copyright")
        #expect(MapCredit(text: "Natural Earth").url == nil)
        #expect(MapCredit(text: "© City", url: "https://city.example/data").url == "https://city.example/data")
    }

    @Test func onlyWebPagesAreLinked() {
        for bad in [
            "javascript:alert(1)", "data:text/html,hi", "file:///etc/passwd", "//evil.example/", "/copyright",
            "https://", "https://a b.example/", "https://x.example/\"><script>", "ftp://x.example/",
        ] {
            #expect(MapCredit.webURL(bad) == nil, "\(bad)")
            #expect(MapCredit(text: "© City", url: bad).url == nil, "\(bad)")
        }
        #expect(MapCredit.webURL("HTTP://Example.com/a?b=1#c") == "HTTP://Example.com/a?b=1#c")
        // A bad link of OpenStreetMap's own credit still gets its copyright page.
        #expect(MapCredit(text: Self.osm, url: "javascript:x").url == MapCredit.openStreetMapCopyright)
    }

    @Test func theLinkedCreditIsALinkInTheMirrorAndTheRestStaysText() throws {
        let (window, map, _) = creditedMap()
        let attribution = map.controls.attribution
        #expect(attribution.text == "Natural Earth | " + Self.osm)
        let link = try #require(attribution.links.first)
        #expect(attribution.links.count == 1 && link.credit.url == MapCredit.openStreetMapCopyright)
        let scene = window.renderScene()
        let text = scene.accessibility.first { $0.item == attribution.id }
        #expect(text?.role == .text && text?.name == "Map data: Natural Earth")
        let mirrored = scene.accessibility.first { $0.item == link.id }
        #expect(mirrored?.role == .link && mirrored?.name == Self.osm)
        #expect(link.label.textColor == AttributionLink.lightInks.normal, "blue, as web maps show their credits' links")
        #expect(link.cursor == .pointer)
    }

    @Test func theLinkSitsAfterThePlainCreditsInsideTheStrip() throws {
        let (_, map, _) = creditedMap()
        let attribution = map.controls.attribution
        let link = try #require(attribution.links.first)
        #expect(attribution.bounds.contains(link.frame))
        #expect(link.frame.minX > AttributionView.padding.left + 50, "after \"Natural Earth | \"")
        #expect(attribution.frame.maxX == 1280 && attribution.frame.maxY == 800)
    }

    @Test func pressingTheLinkOpensItsPageAndTheTextBesideItIsTheMap() throws {
        let (window, map, opened) = creditedMap()
        let link = try #require(map.controls.attribution.links.first)
        let centre = link.frameInWindow().center
        #expect(window.hitTest(centre) === link)
        press(window, at: centre)
        #expect(opened.urls == [MapCredit.openStreetMapCopyright])
        // "Natural Earth" is no link: a press there is the map's.
        let plain = Point(x: map.controls.attribution.frameInWindow().minX + 12, y: centre.y)
        #expect(window.hitTest(plain) === map)
        press(window, at: plain, time: 3)
        #expect(opened.urls.count == 1)
    }

    @Test func aPressThatSlidesOffTheLinkOpensNothing() throws {
        let (window, map, opened) = creditedMap()
        let link = try #require(map.controls.attribution.links.first)
        let centre = link.frameInWindow().center
        window.dispatch(PointerEvent(phase: .down, pointerID: 1, location: centre, time: 1))
        window.dispatch(PointerEvent(phase: .moved, pointerID: 1, location: centre - Point(x: 0, y: 60), time: 1.1))
        window.dispatch(PointerEvent(phase: .up, pointerID: 1, location: centre - Point(x: 0, y: 60), time: 1.2))
        #expect(opened.urls.isEmpty)
    }

    @Test func enterOrSpaceOnTheFocusedLinkOpensItsPage() throws {
        let (window, map, opened) = creditedMap()
        let link = try #require(map.controls.attribution.links.first)
        #expect(window.focusableViews().contains { $0 === link }, "a Tab stop")
        #expect(!window.focusableViews().contains { $0 === map.controls.attribution })
        window.focus(link)
        window.dispatch(KeyEvent(phase: .down, key: "Enter"))
        window.dispatch(KeyEvent(phase: .down, key: " "))
        #expect(opened.urls == [MapCredit.openStreetMapCopyright, MapCredit.openStreetMapCopyright])
        // The mirror's ACTIVATE (a screen reader's click) too.
        #expect(window.activate(item: link.id))
        #expect(opened.urls.count == 3)
    }

    @Test func aCreditOnlyAsTextIsNoLinkAndTheStripTakesNoPress() {
        let (window, map, opened) = creditedMap(credits: ["© Test streets"])
        let attribution = map.controls.attribution
        #expect(attribution.links.isEmpty)
        let scene = window.renderScene()
        #expect(
            scene.accessibility.first { $0.item == attribution.id }?.name
                == "Map data: Natural Earth | © Test streets")
        press(window, at: attribution.frameInWindow().center)
        #expect(opened.urls.isEmpty)
        #expect(window.hitTest(attribution.frameInWindow().center) === map)
    }

    @Test func onANarrowMapTheLinkWrapsUnderTheTextAndStaysWhole() throws {
        let (window, map, opened) = creditedMap(size: Size(width: 260, height: 500))
        let attribution = map.controls.attribution
        let link = try #require(attribution.links.first)
        #expect(attribution.frame.width <= 260 && attribution.frame.minX >= 0)
        #expect(link.frame.minX == AttributionView.padding.left && link.frame.minY > AttributionView.padding.top)
        #expect(link.label.lines.count == 1 && !link.label.lines[0].text.hasSuffix("…"))
        press(window, at: link.frameInWindow().center)
        #expect(opened.urls == [MapCredit.openStreetMapCopyright])
    }
}
