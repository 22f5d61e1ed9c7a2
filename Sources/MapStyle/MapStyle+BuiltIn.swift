import Foundation

/// The styles MapWire ships for OpenMapTiles-schema tiles, JSON files in
/// the module's resources (`Styles/`), parsed as any other style file.
extension MapStyle {
    package enum BuiltIn: String, Sendable, CaseIterable {
        /// A calm street map on a pale ground: the default.
        case light
        /// The same map on a dark ground.
        case dark
    }

    package static func builtIn(_ style: BuiltIn) throws(StyleError) -> MapStyle {
        let name = style.rawValue
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Styles") else {
            throw StyleError(path: "Styles/\(name).json", reason: "missing from the module's resources")
        }
        return try MapStyle(contentsOf: url)
    }
}
