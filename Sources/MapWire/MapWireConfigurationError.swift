/// A setting whose value MapWire cannot use, or a configuration file it
/// cannot read; it names the setting and where the value came from.
///
/// ```
/// MAPWIRE_PORT=eighty: --port must be a whole number from 0 to 65535
/// /etc/mapwire.yaml: max-sessions must be a whole number, 1 or more, not 0
/// ```
public struct MapWireConfigurationError: Error, CustomStringConvertible, Sendable {
    /// Where a value came from.
    public enum Source: Sendable, Equatable {
        /// A flag, or values an app passed as its own command line.
        case commandLine
        /// A `MAPWIRE_` variable.
        case environment
        /// The configuration file at this path.
        case file(String)
    }

    /// The setting's name (`max-sessions`); nil for a file that cannot be read at all.
    public let key: String?
    /// Where the value came from, when that is known.
    public let source: Source?
    /// The whole message.
    public let description: String

    /// A value of `key` that is not one of its values; `value` is left out of the message for a secret.
    package init(key: MapWireConfiguration.Key, source: Source?, value: String?) {
        self.key = key.name
        self.source = source
        let shown = value.map { key.isSecret ? "(hidden)" : $0 }
        let not = shown.map { ", not \($0)" } ?? ""
        switch source {
        case .commandLine:
            description = "\(key.flag) must be \(key.expectation)\(not)"
        case .environment:
            description = "\(key.variable)=\(shown ?? ""): \(key.flag) must be \(key.expectation)"
        case .file(let path):
            description = "\(path): \(key.name) must be \(key.expectation)\(not)"
        case nil:
            description = "\(key.name) must be \(key.expectation)\(not)"
        }
    }

    /// A configuration file that cannot be read or parsed.
    init(file path: String, problem: String) {
        key = nil
        source = .file(path)
        description = "\(path): \(problem)"
    }
}
