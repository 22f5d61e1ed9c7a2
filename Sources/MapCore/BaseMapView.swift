import DisplayList
import MapGeometry
import ViewKit

/// Draws the base map under the annotations: the band's land and border
/// tiles near the viewport as world paths (geometry sent once, never again on
/// pan), and city names chosen by rank so they fit the zoom without overlapping.
public final class BaseMapView: View {
    public static let landColor = Color(hex: 0xF2EFE6)
    public static let oceanColor = Color(hex: 0xA9D3EE)
    public static let borderColor = Color(hex: 0xA796B6)
    public static let cityColor = Color(hex: 0x3A3A3C)

    public let baseMap: BaseMap
    let typeface: Typeface
    static let labelSize = 12.0
    /// Camera and viewport the next render uses; set by the map's layout.
    var camera = Camera(center: .zero, zoom: 1)
    var viewport = Size.zero
    /// Widths and rank prefixes, shared by every session's base map.
    let labels: CityLabels
    private var placement = CityLabelPlacement()
    /// At most this many names at once, however many fit.
    static let maxLabels = 60

    public init(baseMap: BaseMap, typeface: Typeface) {
        self.baseMap = baseMap
        self.typeface = typeface
        labels = baseMap.cityLabels(typeface: typeface, size: Self.labelSize)
        super.init()
        isUserInteractionEnabled = false
    }

    /// The most important rank shown at `zoom`: a few capitals zoomed out, all
    /// the fixture's towns from zoom 7.
    static func maxRank(zoom: Double) -> Int {
        min(7, max(1, Int(zoom.rounded(.down)) - 0))
    }

    public override func renderSubviews(into context: inout RenderContext) {
        let visible = camera.visibleWorldRect(viewport: viewport)
        let margin = visible.insetBy(dx: -visible.width * 0.25, dy: -visible.height * 0.25)
        if let band = baseMap.band(for: camera.zoom) {
            // Land first, borders over it.
            for layer in [BaseMap.Layer.land, .borders] {
                for tile in band.tiles where tile.layer == layer && tile.worldRect.intersects(margin) {
                    context.use(tile.path)
                    var p = ItemProperties()
                    p.path = tile.path.id
                    if layer == .land {
                        p.fill = Self.landColor
                        p.evenOdd = true
                    } else {
                        p.stroke = ItemStroke(color: Self.borderColor, width: 1)
                    }
                    context.scene.append(tile.itemID, parent: id, kind: .worldPath, p)
                }
            }
        }
        renderCityLabels(visible: visible, into: &context)
    }

    private func renderCityLabels(visible: Rect, into context: inout RenderContext) {
        context.use(typeface.descriptor)
        var candidates: [Int32] = []
        labels.points.withUnsafeBufferPointer { points in
            for i in 0..<labels.count(upToRank: Self.maxRank(zoom: camera.zoom)) where visible.contains(points[i]) {
                candidates.append(Int32(i))
            }
        }
        let placed = placement.place(candidates, zoom: camera.zoom, pixelsPerUnit: camera.pixelsPerUnit,
                                     labels: labels, limit: Self.maxLabels)
        let font = ItemFont(font: typeface.descriptor.id, size: Float(Self.labelSize))
        for index in placed {
            let city = baseMap.cities[Int(index)]
            let anchor = WorldAnchor(city.world)
            var dot = ItemProperties()
            dot.anchor = anchor
            dot.frame = Rect32(x: -2.5, y: -2.5, width: 5, height: 5)
            dot.radius = 2.5
            dot.fill = Self.cityColor
            dot.stroke = ItemStroke(color: .white, width: 1)
            context.scene.append(city.dotItemID, parent: id, kind: .rect, dot)
            var label = ItemProperties()
            label.anchor = anchor
            label.frame = Rect32(x: 6, y: -9, width: Float(labels.widths[Int(index)]), height: 18)
            label.text = city.name
            label.font = font
            label.fill = Self.cityColor
            label.baseline = 13
            context.scene.append(city.labelItemID, parent: id, kind: .text, label)
        }
    }
}
