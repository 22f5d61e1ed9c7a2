import JSONScanning
import LiveWorld
import MapCore

/// The texts and style of an import's features: a style value that is not
/// one leaves the default, and a warning; it never refuses the import.
extension GeoJSONImportPlan {
    /// Title and subtitle (simplestyle's `description` when there is no
    /// `subtitle`), with a warning for each property the feature's parts
    /// would use that did not come as text or a number.
    mutating func texts(of f: GeoJSONFeature, _ i: Int, id: String) -> (title: String?, subtitle: String?) {
        for key in f.notText
        where key == "description" || (key.hasPrefix("marker-") ? !f.positions.isEmpty : !f.shapes.isEmpty) {
            let rest = key == "description" ? "it is left out" : "the default is drawn"
            warn(i, id: id, key, "must be a string; \(rest)")
        }
        if !f.shapes.isEmpty {
            for key in f.notNumber { warn(i, id: id, key, "must be a number; the default is drawn") }
        }
        var subtitle = f.subtitle
        if subtitle == nil, let description = f.description {
            let bytes = description.utf8.count
            if bytes <= Rules.maxTextBytes {
                subtitle = description
            } else {
                warn(
                    i, id: id, "description",
                    "is \(bytes) bytes; a subtitle is at most \(Rules.maxTextBytes), so it is left out")
            }
        }
        return (f.title, subtitle)
    }

    /// The texts and marker style of the feature's points.
    mutating func markerLook(
        of f: GeoJSONFeature, _ texts: (title: String?, subtitle: String?), _ i: Int, id: String
    ) -> LiveAnnotation.Look {
        var look = LiveAnnotation.Look(title: texts.title, subtitle: texts.subtitle)
        if let color = f.markerColor {
            if let why = Rules.markerColorProblem(color) {
                warn(i, id: id, "marker-color", "\(why); the default red is drawn")
            } else {
                look.markerColor = color
            }
        }
        if let symbol = f.markerSymbol {
            if let problem = Rules.markerSymbolProblem(symbol) {
                if problem.isUnknownIcon {
                    look.markerSymbol = symbol
                    warn(i, id: id, "marker-symbol", "\(problem.why); unknown icon, the default glyph is drawn")
                } else {
                    warn(i, id: id, "marker-symbol", "\(problem.why); the default glyph is drawn")
                }
            } else {
                look.markerSymbol = symbol
            }
        }
        if let size = f.markerSize {
            if let why = Rules.markerSizeProblem(size) {
                warn(i, id: id, "marker-size", "\(why); the usual size is drawn")
            } else {
                look.markerSize = MarkerSize(rawValue: size)
            }
        }
        return look
    }

    /// The texts and simplestyle stroke and fill of the feature's lines and areas.
    mutating func shapeLook(
        of f: GeoJSONFeature, _ texts: (title: String?, subtitle: String?), _ i: Int, id: String
    ) -> LiveShape.Look {
        var look = LiveShape.Look(title: texts.title, subtitle: texts.subtitle)
        if let stroke = f.stroke {
            if let why = Rules.markerColorProblem(stroke) {
                warn(i, id: id, "stroke", "\(why); the standard blue is drawn")
            } else {
                look.stroke = stroke
            }
        }
        if let width = f.strokeWidth {
            if let why = Rules.strokeWidthProblem(width) {
                warn(i, id: id, "stroke-width", "\(why); the usual 3 is drawn")
            } else {
                look.strokeWidth = width
            }
        }
        if let opacity = f.strokeOpacity {
            if let why = Rules.opacityProblem(opacity) {
                warn(i, id: id, "stroke-opacity", "\(why); the line is drawn opaque")
            } else {
                look.strokeOpacity = opacity
            }
        }
        if let fill = f.fill {
            if let why = Rules.markerColorProblem(fill) {
                warn(i, id: id, "fill", "\(why); the stroke's colour is drawn")
            } else {
                look.fill = fill
            }
        }
        if let opacity = f.fillOpacity {
            if let why = Rules.opacityProblem(opacity) {
                warn(i, id: id, "fill-opacity", "\(why); the usual 0.2 is drawn")
            } else {
                look.fillOpacity = opacity
            }
        }
        return look
    }

    mutating func warn(_ i: Int, id: String?, _ property: String, _ why: String) {
        warnings.append(
            ImportWarning(index: i, line: batch.lines?[i], id: id, property: property, why: why))
    }
}
