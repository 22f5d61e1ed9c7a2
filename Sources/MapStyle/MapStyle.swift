import Foundation

/// A parsed MapLibre style sheet (the subset `docs/styles.md` lists): its
/// layers in draw order, compiled once, and what it asked for that MapWire
/// does not draw. Immutable and shared by every tile and session.
package struct MapStyle: Sendable {
    /// The style's `name`, when it has one.
    package let name: String?
    /// In draw order: the first is drawn first, under the others.
    package let layers: [StyleLayer]
    /// Layer types and properties skipped; log them once at start.
    package let warnings: [StyleWarning]
    private let keys: PropertyKeyTable

    /// Parses a style document; throws `StyleError` naming the path of the
    /// first problem.
    package init(json data: Data) throws(StyleError) {
        var parser = StyleParser()
        let parsed = try parser.parse(try JSONValue.parse(data))
        name = parsed.name
        layers = parsed.layers
        warnings = parser.warnings
        keys = parser.propertyKeys
    }

    /// A style file (`--style PATH`); an unreadable file is a `StyleError` too.
    package init(contentsOf url: URL) throws(StyleError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StyleError(path: url.path, reason: "cannot read the style file (\(error.localizedDescription))")
        }
        do {
            try self.init(json: data)
        } catch {
            throw StyleError(
                path: "\(url.lastPathComponent): \(error.path)", layerID: error.layerID, reason: error.reason)
        }
    }

    /// A style file by its path, as `--style PATH` gives it.
    package init(contentsOfFile path: String) throws(StyleError) {
        try self.init(contentsOf: URL(fileURLWithPath: path))
    }

    /// The interned key for a property name the style reads, or nil when no
    /// layer reads it (the renderer can then skip that tile key).
    package func propertyKey(named name: String) -> StylePropertyKey? {
        keys.key(named: name)
    }

    /// Every property name the style reads, indexed as `StylePropertyKey.index`.
    package var propertyKeys: [StylePropertyKey] { keys.keys }

    package func layer(id: String) -> StyleLayer? {
        layers.first { $0.id == id }
    }
}
