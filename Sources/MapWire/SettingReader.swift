import Configuration

/// Reads MapWire's settings from a `ConfigReader`, one typed getter per kind
/// of value: nil when no source has the setting, an error when one has a
/// value the setting does not take.
package struct SettingReader: Sendable {
    package let reader: ConfigReader

    package init(_ reader: ConfigReader) {
        self.reader = reader
    }

    package func text(_ key: MapWireConfiguration.Key) throws(MapWireConfigurationError) -> String? {
        try read(key) {
            try reader.requiredString(forKey: $0, isSecret: key.isSecret)
        } as: {
            .string($0)
        }
    }

    package func number(_ key: MapWireConfiguration.Key) throws(MapWireConfigurationError) -> Int? {
        try read(key) {
            try reader.requiredInt(forKey: $0, isSecret: key.isSecret)
        } as: {
            .int($0)
        }
    }

    package func onOff(_ key: MapWireConfiguration.Key) throws(MapWireConfigurationError) -> Bool? {
        try read(key) {
            try reader.requiredBool(forKey: $0, isSecret: key.isSecret)
        } as: {
            .bool($0)
        }
    }

    package func list(_ key: MapWireConfiguration.Key) throws(MapWireConfigurationError) -> [String]? {
        try read(key) {
            try reader.requiredStringArray(forKey: $0, isSecret: key.isSecret)
        } as: {
            .stringArray($0)
        }
    }

    /// One of the words of a `.oneOf` setting, as the type it names.
    package func word<Value: RawRepresentable<String>>(
        _ key: MapWireConfiguration.Key, as type: Value.Type
    ) throws(MapWireConfigurationError) -> Value? {
        guard let word = try text(key) else { return nil }
        guard let value = Value(rawValue: word) else {
            throw MapWireConfigurationError(key: key, source: nil, value: word)
        }
        return value
    }

    /// The reader's `required` getters throw both for a missing value and for
    /// one a source refused; only the first means "keep the default". A
    /// source of `reader(...)` refuses with our own error, naming itself; a
    /// provider an app added may fail in its own words.
    private func read<Value>(
        _ key: MapWireConfiguration.Key, _ get: (ConfigKey) throws -> Value,
        as content: (Value) -> ConfigContent
    ) throws(MapWireConfigurationError) -> Value? {
        let value: Value
        do {
            value = try get(key.configKey)
        } catch let refused as MapWireConfigurationError {
            throw refused
        } catch  where Self.isMissing(error) {
            return nil
        } catch {
            throw MapWireConfigurationError(key: key, source: nil, value: nil)
        }
        // A reader an app built from other providers has had no source check it.
        guard key.accepts(content(value)) else {
            throw MapWireConfigurationError(key: key, source: nil, value: ConfigurationSource.text(of: content(value)))
        }
        return value
    }

    /// Whether `error` is the reader's "no source has this key". Its error
    /// type is not public, so the case is told by name; the tests read every
    /// setting from an empty reader, which fails loudly if this ever stops matching.
    static func isMissing(_ error: any Error) -> Bool {
        Mirror(reflecting: error).children.first?.label == "missingRequiredConfigValue"
    }
}
