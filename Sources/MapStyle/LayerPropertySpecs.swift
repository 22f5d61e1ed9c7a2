/// The paint and layout properties MapWire draws, by layer type, and the
/// kind each resolves to. Anything else a style sets becomes a
/// `StyleWarning`, so a style is never drawn silently wrong.
package enum LayerPropertySpecs {
    package enum Section: String, Sendable {
        case paint, layout
    }

    package static func kind(of name: String, in section: Section, for type: StyleLayer.LayerType) -> ValueKind? {
        switch section {
        case .paint: paint[type]?[name]
        case .layout: name == "visibility" ? .enumeration(["visible", "none"]) : layout[type]?[name]
        }
    }

    /// Properties whose strings are `{token}` templates.
    package static let templated: Set<String> = ["text-field"]

    private static let paint: [StyleLayer.LayerType: [String: ValueKind]] = [
        .background: ["background-color": .color, "background-opacity": .number],
        .fill: ["fill-color": .color, "fill-opacity": .number, "fill-outline-color": .color],
        .line: [
            "line-color": .color, "line-width": .number, "line-opacity": .number, "line-dasharray": .numberArray,
            "line-gap-width": .number,
        ],
        .symbol: ["text-color": .color, "text-halo-color": .color, "text-halo-width": .number],
    ]

    private static let layout: [StyleLayer.LayerType: [String: ValueKind]] = [
        .background: [:],
        .fill: [:],
        .line: [
            "line-cap": .enumeration(LineCap.allCases.map(\.rawValue)),
            "line-join": .enumeration(LineJoin.allCases.map(\.rawValue)),
        ],
        .symbol: [
            "symbol-placement": .enumeration(SymbolPlacement.allCases.map(\.rawValue)),
            "text-field": .string, "symbol-spacing": .number, "text-max-angle": .number,
            "symbol-sort-key": .number, "text-font": .stringArray, "text-size": .number,
            "text-transform": .enumeration(TextTransform.allCases.map(\.rawValue)),
        ],
    ]
}
