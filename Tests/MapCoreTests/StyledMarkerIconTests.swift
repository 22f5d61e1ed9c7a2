import DisplayList
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A styled annotation's `markerSymbol` in the marker the map makes for it:
/// an icon name draws the icon, a short text the text, anything else the dot.
@Suite struct StyledMarkerIconTests {
    final class Pin: StyledAnnotation {
        let coordinate: Coordinate
        let title: String?
        let subtitle: String? = nil
        nonisolated(unsafe) var markerColor: Color?
        nonisolated(unsafe) var markerSymbol: String?

        init(_ symbol: String?, color: Color? = nil, longitude: Double = 0) {
            coordinate = Coordinate(latitude: 0, longitude: longitude)
            title = "Pin"
            markerSymbol = symbol
            markerColor = color
        }
    }

    static let dark = Color(hex: 0x1C1C1E)
    static let gold = Color(hex: 0xFFD700)

    /// A map showing `pin`, rendered once, and the marker it made.
    func show(_ pin: Pin) throws -> (Window, MapView, MarkerAnnotationView) {
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.addAnnotation(pin)
        _ = window.renderScene()
        let marker = try #require(map.view(for: pin) as? MarkerAnnotationView)
        return (window, map, marker)
    }

    /// The items under `root` the browser draws: neither they nor an item between them and `root` is hidden.
    func drawnItems(under root: UInt32, in scene: Scene) -> [SceneItem] {
        let byID = Dictionary(scene.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return scene.items.filter { item in
            var current: SceneItem? = item
            while let c = current, c.id != root {
                if c.properties.hidden || c.parent == 0 { return false }
                current = byID[c.parent]
            }
            return current != nil && item.id != root
        }
    }

    @Test func anIconNameDrawsTheIconCentredInTheHead() throws {
        let (window, _, marker) = try show(Pin("cafe"))
        let icon = try #require(MarkerIcon.image(named: "cafe", color: .white))
        #expect(marker.glyphImage == icon && marker.glyphText == nil)
        let scene = window.renderScene()
        let drawn = drawnItems(under: marker.id, in: scene)
        let images = drawn.filter { $0.kind == .image && $0.properties.image == icon.id }
        #expect(images.count == 1)
        #expect(!drawn.contains { $0.kind == .text && $0.properties.text != "Pin" }, "no glyph text")
        #expect(!drawn.contains { $0.id == marker.glyphDot.id }, "no dot")
        // Centred on the balloon's head, the size of a glyph image.
        let frame = try #require(images.first?.properties.frame)
        #expect(frame.width == MarkerIcon.size && frame.height == MarkerIcon.size)
        #expect(Double(frame.x + frame.width / 2) == MarkerBalloon.headCenter.x)
        #expect(Double(frame.y + frame.height / 2) == MarkerBalloon.headCenter.y)
        #expect(scene.images.contains(icon), "the scene carries the icon for the browsers that lack it")
    }

    @Test func aShortSymbolIsStillText() throws {
        let (window, _, marker) = try show(Pin("abc"))
        #expect(marker.glyphText == "abc" && marker.glyphImage == nil)
        let drawn = drawnItems(under: marker.id, in: window.renderScene())
        #expect(drawn.contains { $0.kind == .text && $0.properties.text == "abc" })
        #expect(!drawn.contains { $0.kind == .image && $0.id != marker.balloon.id })
    }

    @Test func aShortIconNameDrawsItsIconRatherThanText() throws {
        let (_, _, marker) = try show(Pin("bus"))
        #expect(marker.glyphText == nil && marker.glyphImage == MarkerIcon.image(named: "bus", color: .white))
    }

    @Test func anUnknownNameDrawsTheDot() throws {
        let (window, _, marker) = try show(Pin("no-such-icon"))
        #expect(marker.glyphText == nil && marker.glyphImage == nil)
        let drawn = drawnItems(under: marker.id, in: window.renderScene())
        #expect(drawn.contains { $0.id == marker.glyphDot.id })
        #expect(!drawn.contains { $0.kind == .text && $0.properties.text != "Pin" }, "no glyph text")
        #expect(!drawn.contains { $0.kind == .image && $0.id != marker.balloon.id })
    }

    @Test func theIconTakesTheGlyphColourOfItsBalloon() throws {
        let pin = Pin("hospital", color: Self.gold)
        let (window, map, marker) = try show(pin)
        #expect(marker.glyphImage == MarkerIcon.image(named: "hospital", color: Self.dark), "dark on gold")
        pin.markerColor = Color(hex: 0x1D3557)
        map.annotationStyleDidChange(pin)
        _ = window.renderScene()
        #expect(marker.glyphImage == MarkerIcon.image(named: "hospital", color: .white), "white on navy")
        // A colour set on the marker itself re-picks it too, as does the app's own glyph colour.
        marker.markerTintColor = Self.gold
        #expect(marker.glyphImage == MarkerIcon.image(named: "hospital", color: Self.dark))
        marker.glyphTintColor = Color(hex: 0x0000FF)
        let blue = try #require(MarkerIcon.image(named: "hospital", color: Color(hex: 0x0000FF)))
        let drawn = drawnItems(under: marker.id, in: window.renderScene())
        #expect(drawn.contains { $0.kind == .image && $0.properties.image == blue.id })
    }

    @Test func aChangedSymbolReplacesTheIcon() throws {
        let pin = Pin("park")
        let (window, map, marker) = try show(pin)
        pin.markerSymbol = "7"
        map.annotationStyleDidChange(pin)
        let drawn = drawnItems(under: marker.id, in: window.renderScene())
        #expect(marker.glyphImage == nil && marker.glyphText == "7")
        #expect(drawn.contains { $0.kind == .text && $0.properties.text == "7" })
        #expect(!drawn.contains { $0.kind == .image && $0.id != marker.balloon.id }, "the park icon is gone")
        pin.markerSymbol = "zoo"
        map.annotationStyleDidChange(pin)
        #expect(marker.glyphImage == MarkerIcon.image(named: "zoo", color: .white) && marker.glyphText == nil)
        pin.markerSymbol = nil
        map.annotationStyleDidChange(pin)
        #expect(marker.glyphImage == nil && marker.glyphText == nil)
    }

    @Test func aChangedTextIsDrawnInTheNextFrame() throws {
        let pin = Pin("A")
        let (window, map, marker) = try show(pin)
        pin.markerSymbol = "B"
        map.annotationStyleDidChange(pin)
        let texts = drawnItems(under: marker.id, in: window.renderScene()).map(\.properties.text)
        #expect(texts.contains("B") && !texts.contains("A"))
    }

    @Test func aReusedMarkerDropsTheIconOfItsLastAnnotation() throws {
        let cafe = Pin("cafe")
        let plain = Pin(nil, longitude: 10)
        let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 0, longitude: 0), zoom: 10))
        map.addAnnotations([cafe, plain])
        _ = window.renderScene()
        let marker = try #require(map.view(for: cafe) as? MarkerAnnotationView)
        #expect(marker.glyphImage != nil && map.view(for: plain) == nil)
        map.camera = Camera(center: Coordinate(latitude: 0, longitude: 10), zoom: 10)
        let scene = window.renderScene()
        #expect(map.view(for: plain) === marker, "the cafe's marker shows the plain pin")
        #expect(marker.glyphImage == nil && marker.glyphIconName == nil)
        let drawn = drawnItems(under: marker.id, in: scene)
        #expect(drawn.contains { $0.id == marker.glyphDot.id })
        #expect(!drawn.contains { $0.kind == .image && $0.id != marker.balloon.id })
    }

    @Test func preparingForReuseForgetsTheMapsIconButNotAnAppsImage() throws {
        let (_, _, marker) = try show(Pin("star"))
        marker.prepareForReuse()
        #expect(marker.glyphImage == nil && marker.glyphIconName == nil)
        let own = MarkerBalloon.image(tint: .black)
        marker.glyphImage = own
        marker.prepareForReuse()
        #expect(marker.glyphImage == own, "an app's glyph image stays, as MapKit's does")
    }
}
