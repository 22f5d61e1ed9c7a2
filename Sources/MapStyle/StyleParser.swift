/// Reads a style document (version 8) into layers, compiling every filter
/// and property once and listing what MapWire does not support.
struct StyleParser {
    private var compiler = ExpressionCompiler()
    private(set) var warnings: [StyleWarning] = []

    /// Layer keys that select or name, read here; any other key is a warning.
    private static let layerKeys: Set<String> = [
        "id", "type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout", "paint", "metadata",
    ]

    var propertyKeys: PropertyKeyTable { compiler.keys }

    mutating func parse(_ root: JSONValue) throws(StyleError) -> (name: String?, layers: [StyleLayer]) {
        guard case .object(let style) = root else {
            throw StyleError(path: "style", reason: "a style is a JSON object")
        }
        guard style["version"] == .number(8) else {
            throw StyleError(path: "version", reason: "only version 8 styles are supported")
        }
        guard case .array(let layersJSON)? = style["layers"] else {
            throw StyleError(path: "layers", reason: "a style needs a layers array")
        }
        var layers: [StyleLayer] = []
        var ids: Set<String> = []
        for (index, json) in layersJSON.enumerated() {
            guard let layer = try parseLayer(json, path: "layers[\(index)]") else { continue }
            guard ids.insert(layer.id).inserted else {
                throw StyleError(path: "layers[\(index)].id", layerID: layer.id, reason: "a layer id must be unique")
            }
            layers.append(layer)
        }
        return (style["name"]?.string, layers)
    }

    private mutating func parseLayer(_ json: JSONValue, path: String) throws(StyleError) -> StyleLayer? {
        guard case .object(let layer) = json else { throw StyleError(path: path, reason: "a layer is an object") }
        guard case .string(let id)? = layer["id"] else {
            throw StyleError(path: "\(path).id", reason: "a layer needs an id")
        }
        compiler.layerID = id
        guard case .string(let typeName)? = layer["type"] else {
            throw compiler.error("\(path).type", "a layer needs a type")
        }
        guard let type = StyleLayer.LayerType(rawValue: typeName) else {
            warnings.append(StyleWarning(layerID: id, property: "type \(typeName)"))
            return nil
        }
        for key in layer.keys.sorted() where !Self.layerKeys.contains(key) {
            warnings.append(StyleWarning(layerID: id, property: key))
        }
        let minZoom = try zoom(layer["minzoom"], path: "\(path).minzoom") ?? 0
        let maxZoom = try zoom(layer["maxzoom"], path: "\(path).maxzoom") ?? 24
        var filter: StyleExpression?
        if let json = layer["filter"] {
            do {
                filter = try compiler.compileFilter(json, path: "\(path).filter")
            } catch  where error.isUnsupported {
                // Drawing the layer unfiltered would be wrong: leave it out.
                warnings.append(StyleWarning(layerID: id, property: "filter", detail: "\(error.reason): layer skipped"))
                return nil
            }
        }
        var properties: [String: StyleExpression] = [:]
        var isVisibleByLayout = true
        for section in [LayerPropertySpecs.Section.paint, .layout] {
            guard let sectionJSON = layer[section.rawValue] else { continue }
            guard case .object(let values) = sectionJSON else {
                throw compiler.error("\(path).\(section.rawValue)", "\(section.rawValue) is an object")
            }
            for (name, value) in values.sorted(by: { $0.key < $1.key }) {
                let at = "\(path).\(section.rawValue).\(name)"
                guard let kind = LayerPropertySpecs.kind(of: name, in: section, for: type) else {
                    warnings.append(StyleWarning(layerID: id, property: "\(section.rawValue).\(name)"))
                    continue
                }
                if name == "visibility" {
                    guard case .string(let v) = value, v == "visible" || v == "none" else {
                        throw compiler.error(at, "visibility is \"visible\" or \"none\"")
                    }
                    isVisibleByLayout = v == "visible"
                    continue
                }
                let templated = LayerPropertySpecs.templated.contains(name)
                do {
                    properties[name] = try compiler.compileProperty(value, path: at, kind: kind, tokens: templated)
                } catch  where error.isUnsupported {
                    let property = "\(section.rawValue).\(name)"
                    warnings.append(
                        StyleWarning(layerID: id, property: property, detail: "\(error.reason): default used"))
                }
            }
        }
        return StyleLayer(
            id: id, type: type, source: layer["source"]?.string, sourceLayer: layer["source-layer"]?.string,
            minZoom: minZoom, maxZoom: maxZoom, isVisibleByLayout: isVisibleByLayout, filter: filter,
            properties: properties)
    }

    private func zoom(_ json: JSONValue?, path: String) throws(StyleError) -> Double? {
        guard let json else { return nil }
        guard case .number(let z) = json, (0...24).contains(z) else {
            throw compiler.error(path, "a zoom is a number from 0 to 24")
        }
        return z
    }
}
