/// Why a style sheet was refused: where (`layers[12].paint.line-width`, and
/// the layer's id when the path is inside one) and what is wrong there.
package struct StyleError: Error, Equatable, CustomStringConvertible {
    /// The JSON path of the problem, from the style's root.
    package var path: String
    /// The id of the layer the path is in, when it is in one that has an id.
    package var layerID: String?
    package var reason: String
    /// True when the style is well formed but asks for what MapWire does not
    /// evaluate (an operator such as `format`): the parser then skips the
    /// property or layer with a warning instead of refusing the style.
    package var isUnsupported: Bool

    package init(path: String, layerID: String? = nil, reason: String, isUnsupported: Bool = false) {
        self.path = path
        self.layerID = layerID
        self.reason = reason
        self.isUnsupported = isUnsupported
    }

    package var description: String {
        let layer = layerID.map { " (layer \"\($0)\")" } ?? ""
        return "\(path)\(layer): \(reason)"
    }
}

/// A layer type or property the style asks for and MapWire does not draw.
/// The style still loads without it; the caller logs the list once.
package struct StyleWarning: Hashable, Sendable, CustomStringConvertible {
    package var layerID: String
    /// `paint.line-blur`, `layout.icon-image`, `type raster`, `filter`, and so on.
    package var property: String
    /// What in the property is not supported and what MapWire does instead,
    /// when the property itself is (an expression operator it does not evaluate).
    package var detail: String?

    package init(layerID: String, property: String, detail: String? = nil) {
        self.layerID = layerID
        self.property = property
        self.detail = detail
    }

    package var description: String {
        "layer \"\(layerID)\": \(property)" + (detail.map { ": \($0)" } ?? " is not supported")
    }
}
