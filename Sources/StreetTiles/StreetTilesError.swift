import MapStyle
import VectorTiles

/// Why street tiles could not be loaded at start-up.
package enum StreetTilesError: Error, Equatable, CustomStringConvertible {
    /// An archive that could not be opened, with the path given.
    case archive(path: String, TileArchiveError)
    /// The built-in style did not parse.
    case style(StyleError)
    /// The style file (`--style PATH`) could not be read or did not parse.
    case styleFile(path: String, StyleError)

    package var description: String {
        switch self {
        case .archive(let path, let error): "cannot open the tile archive \(path): \(error)"
        case .style(let error): "the street style: \(error)"
        case .styleFile(let path, let error): "the style file \(path): \(error)"
        }
    }
}
