import DisplayList

/// What the renderer asks a layer: whether to draw it at a zoom, which
/// features it takes, and their resolved paint and layout values. Values
/// the style gives as expressions are evaluated for the feature; others are
/// constants and cost a load.
extension StyleLayer {
    /// Whether the layer draws at `zoom`: not hidden by `visibility`, and
    /// `minzoom <= zoom < maxzoom`.
    package func isVisible(atZoom zoom: Double) -> Bool {
        isVisibleByLayout && zoom >= minZoom && zoom < maxZoom
    }

    /// Whether the feature passes the layer's filter (every feature does
    /// when there is none). The caller picks features by `sourceLayer` first.
    package func matches(_ feature: some StyleFeature, zoom: Double) -> Bool {
        filter?.evaluate(feature, zoom: zoom).truthy ?? true
    }

    // Background layers have no feature; they are evaluated at a zoom alone.

    package func backgroundColor(zoom: Double) -> Color {
        backgroundColor.value(for: NoFeature(), zoom: zoom) ?? .black
    }

    package func backgroundOpacity(zoom: Double) -> Double {
        backgroundOpacity.value(for: NoFeature(), zoom: zoom) ?? 1
    }

    package func fillColor(for feature: some StyleFeature, zoom: Double) -> Color {
        fillColor.value(for: feature, zoom: zoom) ?? .black
    }

    package func fillOpacity(for feature: some StyleFeature, zoom: Double) -> Double {
        fillOpacity.value(for: feature, zoom: zoom) ?? 1
    }

    /// The outline's colour; nil when the style sets none (MapLibre then
    /// outlines in the fill colour, antialiasing only).
    package func fillOutlineColor(for feature: some StyleFeature, zoom: Double) -> Color? {
        fillOutlineColor.value(for: feature, zoom: zoom)
    }

    package func lineColor(for feature: some StyleFeature, zoom: Double) -> Color {
        lineColor.value(for: feature, zoom: zoom) ?? .black
    }

    /// In pixels at the zoom's scale.
    package func lineWidth(for feature: some StyleFeature, zoom: Double) -> Double {
        max(lineWidth.value(for: feature, zoom: zoom) ?? 1, 0)
    }

    package func lineOpacity(for feature: some StyleFeature, zoom: Double) -> Double {
        lineOpacity.value(for: feature, zoom: zoom) ?? 1
    }

    /// Dash and gap lengths in line widths, as the spec has them; nil for a
    /// solid line.
    package func lineDashArray(for feature: some StyleFeature, zoom: Double) -> [Double]? {
        guard let dashes = lineDashArray.value(for: feature, zoom: zoom), !dashes.isEmpty else { return nil }
        return dashes
    }

    /// Nonzero draws two lines of `lineWidth` this far apart (a casing
    /// around a gap), as the spec's `line-gap-width`.
    package func lineGapWidth(for feature: some StyleFeature, zoom: Double) -> Double {
        max(lineGapWidth.value(for: feature, zoom: zoom) ?? 0, 0)
    }

    package func lineCap(for feature: some StyleFeature, zoom: Double) -> LineCap {
        lineCap.value(for: feature, zoom: zoom) ?? .butt
    }

    package func lineJoin(for feature: some StyleFeature, zoom: Double) -> LineJoin {
        lineJoin.value(for: feature, zoom: zoom) ?? .miter
    }

    /// The label, tokens filled in and `text-transform` applied; nil when the
    /// layer has no text or it comes out empty (nothing to draw).
    package func textField(for feature: some StyleFeature, zoom: Double) -> String? {
        guard let text = textField.value(for: feature, zoom: zoom), !text.isEmpty else { return nil }
        switch textTransform.value(for: feature, zoom: zoom) ?? TextTransform.none {
        case .none: return text
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        }
    }

    package func symbolPlacement(for feature: some StyleFeature, zoom: Double) -> SymbolPlacement {
        symbolPlacement.value(for: feature, zoom: zoom) ?? .point
    }

    /// Pixels between labels repeated along a line.
    package func symbolSpacing(for feature: some StyleFeature, zoom: Double) -> Double {
        symbolSpacing.value(for: feature, zoom: zoom) ?? 250
    }

    /// Degrees a line label may bend between two characters.
    package func textMaxAngle(for feature: some StyleFeature, zoom: Double) -> Double {
        textMaxAngle.value(for: feature, zoom: zoom) ?? 45
    }

    /// Lower keys place first; nil keeps the tile's order.
    package func symbolSortKey(for feature: some StyleFeature, zoom: Double) -> Double? {
        symbolSortKey.value(for: feature, zoom: zoom)
    }

    /// Kept for the record: MapWire draws every label in its one font.
    package func textFont(for feature: some StyleFeature, zoom: Double) -> [String] {
        textFont.value(for: feature, zoom: zoom) ?? []
    }

    package func textSize(for feature: some StyleFeature, zoom: Double) -> Double {
        max(textSize.value(for: feature, zoom: zoom) ?? 16, 0)
    }

    package func textColor(for feature: some StyleFeature, zoom: Double) -> Color {
        textColor.value(for: feature, zoom: zoom) ?? .black
    }

    package func textHaloColor(for feature: some StyleFeature, zoom: Double) -> Color {
        textHaloColor.value(for: feature, zoom: zoom) ?? .clear
    }

    package func textHaloWidth(for feature: some StyleFeature, zoom: Double) -> Double {
        max(textHaloWidth.value(for: feature, zoom: zoom) ?? 0, 0)
    }
}

/// The feature a background layer is evaluated with: no properties, so a
/// `get` in a background property gives null and the default.
private struct NoFeature: StyleFeature {
    var geometryType: StyleGeometryType { .polygon }
    var featureID: StyleValue { .null }
    func property(_ key: StylePropertyKey) -> StyleValue? { nil }
}
