import DisplayList
import MapCore
import MapStyle

/// How a style layer paints a group of features, asked at the camera's
/// zoom: the group's first feature stands for all of them, since the tile
/// grouped them by the paint they share.
struct StyleLayerPaint: StreetPaint {
    let shared: SharedStyleLayer
    let feature: TileStyleFeature

    private var layer: StyleLayer { shared.layer }

    func itemProperties(zoom: Double) -> ItemProperties? {
        guard layer.isVisible(atZoom: zoom) else { return nil }
        let p = properties(zoom: zoom)
        let fills = p.fill.alpha > 0
        let strokes = p.stroke.color.alpha > 0 && p.stroke.width > 0
        return fills || strokes ? p : nil
    }

    /// The paint at `zoom` whether or not the layer shows there: what a tile groups features by.
    func properties(zoom: Double) -> ItemProperties {
        var p = ItemProperties()
        switch layer.type {
        case .background:
            p.fill = Self.color(layer.backgroundColor(zoom: zoom), opacity: layer.backgroundOpacity(zoom: zoom))
        case .fill:
            let opacity = layer.fillOpacity(for: feature, zoom: zoom)
            p.fill = Self.color(layer.fillColor(for: feature, zoom: zoom), opacity: opacity)
            if let outline = layer.fillOutlineColor(for: feature, zoom: zoom) {
                p.stroke = ItemStroke(color: Self.color(outline, opacity: opacity), width: 1)
            }
        case .line:
            let width = layer.lineWidth(for: feature, zoom: zoom)
            let color = Self.color(
                layer.lineColor(for: feature, zoom: zoom), opacity: layer.lineOpacity(for: feature, zoom: zoom))
            p.stroke = ItemStroke(color: color, width: Float(width))
            // The style's dashes are in line widths; the painter's in CSS px.
            let dashes = layer.lineDashArray(for: feature, zoom: zoom)?.map { Float($0 * max(width, 1)) } ?? []
            p.line = ItemLineStyle(
                cap: Self.cap(layer.lineCap(for: feature, zoom: zoom)),
                join: Self.join(layer.lineJoin(for: feature, zoom: zoom)), dashPattern: dashes)
        case .symbol:
            break
        }
        return p
    }

    private static func color(_ color: Color, opacity: Double) -> Color {
        color.withAlpha(color.alpha * min(max(opacity, 0), 1))
    }

    private static func cap(_ cap: LineCap) -> ItemLineStyle.Cap {
        switch cap {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }

    private static func join(_ join: LineJoin) -> ItemLineStyle.Join {
        switch join {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}

/// How a symbol layer draws a name along a line, asked at the camera's zoom.
struct StyleLabelPaint: StreetLabelPaint {
    let shared: SharedStyleLayer
    let feature: TileStyleFeature

    func look(zoom: Double) -> StreetLabelLook? {
        let layer = shared.layer
        guard layer.isVisible(atZoom: zoom) else { return nil }
        return StreetLabelLook(
            size: layer.textSize(for: feature, zoom: zoom), color: layer.textColor(for: feature, zoom: zoom),
            halo: layer.textHaloColor(for: feature, zoom: zoom),
            haloWidth: layer.textHaloWidth(for: feature, zoom: zoom),
            spacing: layer.symbolSpacing(for: feature, zoom: zoom),
            maxAngle: layer.textMaxAngle(for: feature, zoom: zoom) * .pi / 180)
    }
}

/// A style layer held once for every paint of every tile: a paint keeps a
/// reference rather than its own copy of the layer's compiled properties.
final class SharedStyleLayer: Sendable {
    let layer: StyleLayer
    /// What of a feature the layer's paint reads: a tile groups features equal in it without painting each.
    let paintReads: FeatureReads
    /// The properties whose string value the filter pins to a set (a road layer's `class`, a tunnel's
    /// `brunnel`): a tile tests only the features with one of those values, by the fewest such.
    let narrowing: [(key: StylePropertyKey, strings: Set<String>)]
    /// What of a feature the filter reads: a tile decides it once for features equal in it.
    let filterReads: FeatureReads

    init(_ layer: StyleLayer) {
        self.layer = layer
        paintReads = layer.paintReads
        let filter = layer.filter
        filterReads = filter?.reads ?? FeatureReads()
        narrowing = filterReads.keys.compactMap { key in filter?.requiredStrings(for: key).map { (key, $0) } }
    }
}
