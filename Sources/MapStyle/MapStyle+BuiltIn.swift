import Foundation

/// The styles MapWire ships for OpenMapTiles-schema tiles. Their sources
/// are the JSON files in `Styles/`; the binary carries them as Swift string
/// literals (`MapStyle+BuiltInLight.swift`, written by
/// `scripts/embed_styles.py`), so a server copied alone, as the container
/// image copies it, needs no resource bundle beside it.
extension MapStyle {
    package enum BuiltIn: String, Sendable, CaseIterable {
        /// A calm street map on a pale ground: the default.
        case light
        /// The same map on a dark ground.
        case dark

        /// The style's JSON document, as `Styles/<name>.json` has it.
        package var json: String {
            switch self {
            case .light: Self.lightJSON
            case .dark: Self.darkJSON
            }
        }
    }

    package static func builtIn(_ style: BuiltIn) throws(StyleError) -> MapStyle {
        do {
            return try MapStyle(json: Data(style.json.utf8))
        } catch {
            throw StyleError(
                path: "Styles/\(style.rawValue).json: \(error.path)", layerID: error.layerID, reason: error.reason)
        }
    }
}
