import Configuration
import Foundation
import Logging

extension MapWireConfiguration {
    /// A reader over the sources `mapwire` reads its settings from, highest first:
    ///
    /// 1. `commandLine`: values the app took from its own command line (`mapwire`'s flags);
    /// 2. the environment's `MAPWIRE_` variables (`MAPWIRE_MAX_SESSIONS=50`; an empty one counts as unset);
    /// 3. a JSON or YAML file of settings (`max-sessions: 50`): the one the `config` setting names in 1
    ///    or 2 (`--config`, `MAPWIRE_CONFIG`), else `configFile`.
    ///
    /// A setting none of them has keeps its default. Pass the reader to
    /// `MapWireConfiguration(reading:)`, and read an app's own settings from
    /// it too, their keys added to `keys`:
    ///
    /// ```swift
    /// let reader = try MapWireConfiguration.reader(configFile: "hello.yaml")
    /// let configuration = try MapWireConfiguration(reading: reader)
    /// ```
    ///
    /// With a `logger`, each `MAPWIRE_` variable that is no key's (a typo
    /// such as `MAPWIRE_PORTT`) is named in a warning, and every setting read
    /// is logged at debug with its source, secrets (the API token) redacted.
    ///
    /// Throws `MapWireConfigurationError` when the file is missing, is not
    /// JSON or YAML, or when `config` itself is not text.
    public static func reader(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        commandLine: [Key: ConfigContent] = [:],
        configFile: String? = nil,
        keys: [Key] = Self.keys,
        logger: Logger? = Logger(label: "mapwire.configuration")
    ) throws(MapWireConfigurationError) -> ConfigReader {
        // Docker's `-e NAME=` sets a variable to nothing; that means "not set", as a flag left out.
        let variables = environment.filter { !$0.value.isEmpty }
        let given = Dictionary(
            uniqueKeysWithValues: commandLine.map { key, content in
                (AbsoluteConfigKey(key.configKey), ConfigValue(content, isSecret: key.isSecret))
            })
        let flags = InMemoryProvider(name: ConfigurationSource.commandLineName, values: given)
        let secretVariables = Set(keys.filter(\.isSecret).map(\.variable))
        let prefixed = EnvironmentVariablesProvider(
            environmentVariables: variables,
            secretsSpecifier: .specific(secretVariables)
        )
        .prefixKeys(with: ConfigKey([Key.variablePrefix.dropLast().lowercased()]))
        var sources = [
            ConfigurationSource(flags.snapshot(), source: .commandLine, keys: keys),
            ConfigurationSource(prefixed.snapshot(), source: .environment, keys: keys, environment: variables),
        ]
        if let path = try SettingReader(ConfigReader(providers: sources)).text(.config) ?? configFile {
            sources.append(try fileSource(path, keys: keys))
        }
        if let logger {
            for variable in unknownVariables(in: variables, keys: keys) {
                let guess = closestVariable(to: variable, keys: keys).map { " (did you mean \($0)?)" } ?? ""
                logger.warning("\(variable) is no setting's variable and is ignored\(guess)")
            }
        }
        return ConfigReader(providers: sources, accessReporter: logger.map(ConfigurationLog.init))
    }

    /// The `MAPWIRE_` variables of `environment` that no key of `keys` has, sorted.
    public static func unknownVariables(in environment: [String: String], keys: [Key] = Self.keys) -> [String] {
        let known = Set(keys.map(\.variable))
        return environment.keys.filter { $0.hasPrefix(Key.variablePrefix) && !known.contains($0) }.sorted()
    }

    /// The variable of `keys` that `variable` is likely a typo of: at most two letters apart.
    static func closestVariable(to variable: String, keys: [Key]) -> String? {
        let candidates = keys.map { ($0.variable, editDistance(Array(variable), Array($0.variable))) }
        return candidates.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The settings file at `path`, JSON or YAML by its extension.
    static func fileSource(_ path: String, keys: [Key]) throws(MapWireConfigurationError) -> ConfigurationSource {
        let format = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard ["json", "yaml", "yml"].contains(format) else {
            throw MapWireConfigurationError(
                file: path,
                problem: "a settings file must be JSON (.json) or YAML (.yaml, .yml)")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw MapWireConfigurationError(file: path, problem: "no such file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw MapWireConfigurationError(file: path, problem: "cannot be read (\(error.localizedDescription))")
        }
        let secrets = Set(keys.filter(\.isSecret).map(\.name))
        let snapshot: any ConfigSnapshot
        do {
            if format == "json" {
                snapshot = try JSONSnapshot(
                    data: data.bytes, providerName: path,
                    parsingOptions: .init(secretsSpecifier: .specific(secrets)))
            } else {
                snapshot = try YAMLSnapshot(
                    data: data.bytes, providerName: path,
                    parsingOptions: .init(secretsSpecifier: .specific(secrets)))
            }
        } catch {
            let kind = format == "json" ? "JSON" : "YAML"
            throw MapWireConfigurationError(file: path, problem: "not a \(kind) object of settings (\(error))")
        }
        return ConfigurationSource(snapshot, source: .file(path), keys: keys)
    }
}
