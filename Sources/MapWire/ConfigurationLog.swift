import Configuration
import Logging

/// Logs each setting as it is read, at debug, with where its value came
/// from: `port = 9000 (MAPWIRE_PORT)`. A secret (the API token) shows as
/// `<REDACTED>`: swift-configuration marks it secret from its key to the log.
struct ConfigurationLog: AccessReporter {
    let logger: Logger

    func report(_ event: AccessEvent) {
        guard logger.logLevel <= .debug else { return }
        let name = event.metadata.key.description
        guard let line = Self.line(for: event, name: name) else { return }
        logger.debug("\(line)")
    }

    /// `name = value (source)`, or `name: default` when no source has it;
    /// nil when a source failed (the error says more than a log line).
    static func line(for event: AccessEvent, name: String) -> String? {
        for provider in event.providerResults {
            switch provider.result {
            case .failure:
                return nil
            case .success(let lookup):
                guard let value = lookup.value else { continue }
                let shown = value.isSecret ? "<REDACTED>" : ConfigurationSource.text(of: value.content)
                return "\(name) = \(shown) (\(place(of: name, in: provider.providerName)))"
            }
        }
        return "\(name): default"
    }

    /// The flag, the variable or the file a value came from.
    private static func place(of name: String, in provider: String) -> String {
        switch provider {
        case ConfigurationSource.commandLineName: return "--" + name
        case ConfigurationSource.environmentName: return MapWireConfiguration.Key.variable(for: name)
        default: return provider
        }
    }
}
