import Configuration

extension MapWireConfiguration {
    /// One setting, under one name everywhere: `max-sessions` is the flag
    /// `--max-sessions`, the variable `MAPWIRE_MAX_SESSIONS` and the key
    /// `max-sessions` of a configuration file.
    public struct Key: Sendable, Hashable, CustomStringConvertible {
        /// The values a setting takes.
        public enum Values: Sendable, Hashable {
            /// Any text: a host, a path, a token.
            case text
            /// A whole number in this range.
            case number(ClosedRange<Int>)
            /// On or off: `true` or `false` (a variable may also say `1`/`0` or `yes`/`no`).
            case onOff
            /// One of these words.
            case oneOf([String])
            /// Several values: comma-separated in a variable, a list (or comma-separated
            /// text) in a file. Each is any text, or one of `choices` when there are some.
            case list(choices: [String])
        }

        /// The name: the flag without its dashes, and the key in a configuration file.
        public let name: String
        /// What the setting takes; a value outside it is refused with an error that names its source.
        public let values: Values
        /// Whether the value is redacted wherever settings are logged (an API token).
        public let isSecret: Bool

        /// A setting called `name` (lowercase words joined by dashes).
        public init(_ name: String, _ values: Values, isSecret: Bool = false) {
            self.name = name
            self.values = values
            self.isSecret = isSecret
        }

        /// `--name`.
        public var flag: String { "--" + name }

        /// `MAPWIRE_` and the name in capitals, dashes as underscores.
        public var variable: String { Self.variable(for: name) }

        /// The flag, as errors and help name the setting.
        public var description: String { flag }

        static let variablePrefix = "MAPWIRE_"

        static func variable(for name: String) -> String {
            variablePrefix + name.uppercased().replacingOccurrences(of: "-", with: "_")
        }

        /// The key swift-configuration looks the setting up by.
        var configKey: ConfigKey { ConfigKey([name]) }

        /// What the setting takes, as an error says it: "a whole number from 0 to 65535".
        public var expectation: String {
            switch values {
            case .text: return "text"
            case .number(let range) where range.upperBound == Int.max:
                return "a whole number, \(range.lowerBound) or more"
            case .number(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .onOff: return "true or false"
            case .oneOf(let words): return Self.alternatives(words)
            case .list(let choices) where choices.isEmpty: return "a list"
            case .list(let choices): return "a comma-separated list of " + Self.alternatives(choices)
            }
        }

        /// Whether `content`, of the type this setting is read as, is one of its values.
        func accepts(_ content: ConfigContent) -> Bool {
            switch (values, content) {
            case (.text, .string), (.onOff, .bool): return true
            case (.number(let range), .int(let number)): return range.contains(number)
            case (.oneOf(let words), .string(let word)): return words.contains(word)
            case (.list(let choices), .stringArray(let items)):
                return choices.isEmpty || items.allSatisfy(choices.contains)
            default: return false
            }
        }

        /// How swift-configuration is asked for the value.
        var configType: ConfigType {
            switch values {
            case .text, .oneOf: return .string
            case .number: return .int
            case .onOff: return .bool
            case .list: return .stringArray
            }
        }

        private static func alternatives(_ words: [String]) -> String {
            let quoted = words.map { "'\($0)'" }
            guard quoted.count > 1 else { return quoted.first ?? "nothing" }
            return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        }
    }
}
