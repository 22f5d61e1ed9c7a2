import DisplayList

/// One layer of a style, in draw order: what it selects (source layer,
/// zooms, filter) and its compiled paint and layout properties. The
/// renderer asks it questions (`StyleLayer+Query.swift`).
package struct StyleLayer: Sendable {
    /// The layer types MapWire draws; a style's other layers are skipped
    /// with a warning.
    package enum LayerType: String, Sendable, CaseIterable {
        case background, fill, line, symbol
    }

    package let id: String
    package let type: LayerType
    package let source: String?
    /// The vector tile layer the features come from (`transportation`, ...).
    package let sourceLayer: String?
    /// Visible from this zoom on.
    package let minZoom: Double
    /// Hidden from this zoom on (MapLibre's `maxzoom` is exclusive).
    package let maxZoom: Double
    /// False when `layout.visibility` is `none`.
    package let isVisibleByLayout: Bool
    package let filter: StyleExpression?

    // The compiled properties, for what the accessors in StyleLayer+Query.swift
    // do not say: `lineWidth.isFeatureDependent` tells a renderer it may
    // resolve the width once per tile rather than per feature.
    package let backgroundColor: StyleProperty<Color>
    package let backgroundOpacity: StyleProperty<Double>
    package let fillColor: StyleProperty<Color>
    package let fillOpacity: StyleProperty<Double>
    package let fillOutlineColor: StyleProperty<Color>
    package let lineColor: StyleProperty<Color>
    package let lineWidth: StyleProperty<Double>
    package let lineOpacity: StyleProperty<Double>
    package let lineDashArray: StyleProperty<[Double]>
    package let lineGapWidth: StyleProperty<Double>
    package let lineCap: StyleProperty<LineCap>
    package let lineJoin: StyleProperty<LineJoin>
    package let symbolPlacement: StyleProperty<SymbolPlacement>
    package let textField: StyleProperty<String>
    package let symbolSpacing: StyleProperty<Double>
    package let textMaxAngle: StyleProperty<Double>
    package let symbolSortKey: StyleProperty<Double>
    package let textFont: StyleProperty<[String]>
    package let textSize: StyleProperty<Double>
    package let textTransform: StyleProperty<TextTransform>
    package let textColor: StyleProperty<Color>
    package let textHaloColor: StyleProperty<Color>
    package let textHaloWidth: StyleProperty<Double>

    /// Builds a layer from its compiled properties by name (`line-width`);
    /// a property missing from `properties` takes the spec's default.
    package init(
        id: String, type: LayerType, source: String?, sourceLayer: String?, minZoom: Double, maxZoom: Double,
        isVisibleByLayout: Bool, filter: StyleExpression?, properties: [String: StyleExpression]
    ) {
        self.id = id
        self.type = type
        self.source = source
        self.sourceLayer = sourceLayer
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.isVisibleByLayout = isVisibleByLayout
        self.filter = filter
        func property<Value>(_ name: String, _ fallback: Value?) -> StyleProperty<Value> {
            StyleProperty(properties[name], default: fallback)
        }
        backgroundColor = property("background-color", .black)
        backgroundOpacity = property("background-opacity", 1)
        fillColor = property("fill-color", .black)
        fillOpacity = property("fill-opacity", 1)
        fillOutlineColor = property("fill-outline-color", nil)
        lineColor = property("line-color", .black)
        lineWidth = property("line-width", 1)
        lineOpacity = property("line-opacity", 1)
        lineDashArray = property("line-dasharray", nil)
        lineGapWidth = property("line-gap-width", 0)
        lineCap = property("line-cap", .butt)
        lineJoin = property("line-join", .miter)
        symbolPlacement = property("symbol-placement", .point)
        textField = property("text-field", nil)
        symbolSpacing = property("symbol-spacing", 250)
        textMaxAngle = property("text-max-angle", 45)
        symbolSortKey = property("symbol-sort-key", nil)
        textFont = property("text-font", ["Open Sans Regular", "Arial Unicode MS Regular"])
        textSize = property("text-size", 16)
        textTransform = property("text-transform", TextTransform.none)
        textColor = property("text-color", .black)
        textHaloColor = property("text-halo-color", .clear)
        textHaloWidth = property("text-halo-width", 0)
    }
}
