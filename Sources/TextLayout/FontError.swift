/// Why a ``Font`` could not be opened.
///
/// Fonts are opened at startup from paths in the configuration or the
/// package, so the message names the path: a wrong path should be fixable
/// from the log line alone.
public enum FontError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Nothing readable exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but HarfBuzz finds no font face in it.
    case notAFont(path: String)

    /// What failed and the path, for the start-up log.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found or not readable: \(path)"
        case .notAFont(let path):
            return "not a font file (no OpenType/TrueType face found): \(path)"
        }
    }
}
