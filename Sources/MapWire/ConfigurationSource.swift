import Configuration
import Foundation

/// One place settings come from (the command line, the environment, a
/// configuration file) as a swift-configuration provider that checks each
/// MapWire setting it gives against its key. A value the key does not take is
/// refused here, where it is known to come from `MAPWIRE_PORT=eighty` or from
/// `/etc/mapwire.yaml`, so the error can say so; the reader alone would only
/// know that some provider failed.
struct ConfigurationSource: ConfigProvider, ConfigSnapshot {
    let upstream: any ConfigSnapshot
    let source: MapWireConfigurationError.Source
    /// The keys this source checks, by name; others pass through untouched.
    let keys: [String: MapWireConfiguration.Key]
    /// The raw text of each variable, for an error to quote.
    let environment: [String: String]

    init(
        _ upstream: any ConfigSnapshot, source: MapWireConfigurationError.Source,
        keys: [MapWireConfiguration.Key], environment: [String: String] = [:]
    ) {
        self.upstream = upstream
        self.source = source
        self.keys = Dictionary(keys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.environment = environment
    }

    /// Names the reader's access log shows for where a value came from.
    var providerName: String {
        switch source {
        case .commandLine: return Self.commandLineName
        case .environment: return Self.environmentName
        case .file(let path): return path
        }
    }

    static let commandLineName = "command line"
    static let environmentName = "environment"

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        guard key.components.count == 1, let setting = keys[key.components[0]] else {
            return try upstream.value(forKey: key, type: type)
        }
        let result: LookupResult
        do {
            result = try upstream.value(forKey: key, type: type)
        } catch {
            // A list in a file may also be one comma-separated string, as in a variable.
            guard type == .stringArray, let joined = commaSeparated(key) else { throw refusal(setting, value: nil) }
            result = joined
        }
        if let content = result.value?.content, !setting.accepts(content) {
            throw refusal(setting, value: Self.text(of: content))
        }
        return result
    }

    private func commaSeparated(_ key: AbsoluteConfigKey) -> LookupResult? {
        guard let text = try? upstream.value(forKey: key, type: .string),
            let value = text.value, case .string(let joined) = value.content
        else { return nil }
        let items = joined.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return LookupResult(
            encodedKey: text.encodedKey,
            value: ConfigValue(.stringArray(items), isSecret: value.isSecret))
    }

    private func refusal(_ setting: MapWireConfiguration.Key, value: String?) -> MapWireConfigurationError {
        let raw = source == .environment ? environment[setting.variable] : value
        return MapWireConfigurationError(key: setting, source: source, value: raw)
    }

    /// A value as a person wrote it: a list comma-separated.
    static func text(of content: ConfigContent) -> String {
        switch content {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let on): return String(on)
        case .stringArray(let items): return items.joined(separator: ",")
        case .intArray(let items): return items.map(String.init).joined(separator: ",")
        case .doubleArray(let items): return items.map { String($0) }.joined(separator: ",")
        case .boolArray(let items): return items.map(String.init).joined(separator: ",")
        case .bytes, .byteChunkArray: return "(bytes)"
        }
    }

    func fetchValue(forKey key: AbsoluteConfigKey, type: ConfigType) async throws -> LookupResult {
        try value(forKey: key, type: type)
    }

    nonisolated(nonsending) func watchValue<Return: ~Copyable>(
        forKey key: AbsoluteConfigKey, type: ConfigType,
        updatesHandler:
            nonisolated(nonsending) (
                _ updates: ConfigUpdatesAsyncSequence<Result<LookupResult, any Error>, Never>
            ) async throws -> Return
    ) async throws -> Return {
        try await watchValueFromValue(forKey: key, type: type, updatesHandler: updatesHandler)
    }

    func snapshot() -> any ConfigSnapshot { self }

    nonisolated(nonsending) func watchSnapshot<Return: ~Copyable>(
        updatesHandler:
            nonisolated(nonsending) (
                _ updates: ConfigUpdatesAsyncSequence<any ConfigSnapshot, Never>
            ) async throws -> Return
    ) async throws -> Return {
        try await watchSnapshotFromSnapshot(updatesHandler: updatesHandler)
    }
}
