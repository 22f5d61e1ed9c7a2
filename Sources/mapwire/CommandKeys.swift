import Logging
import MapWire

// The executable's own settings, beside the library's (`MapWireConfiguration.keys`).
extension MapWireConfiguration.Key {
    /// Which sample apps run.
    static let samples = Self("samples", .list(choices: SampleSelection.names))
    /// The built-in demo's travellers.
    static let demo = Self("demo", .onOff)
    /// The level of everything logged but libwebsockets' own lines.
    static let logLevel = Self("log-level", .oneOf(Logger.Level.allCases.map(\.rawValue)))
    /// Text lines or JSON lines.
    static let logFormat = Self("log-format", .oneOf(LogFormat.allCases.map(\.rawValue)))
    /// The level of libwebsockets' own lines, apart so `--log-level debug` keeps them quiet.
    static let lwsLogLevel = Self("lws-log-level", .oneOf(Logger.Level.allCases.map(\.rawValue)))
}

extension MapWireCommand {
    /// Every setting `mapwire` reads: each is a flag, a `MAPWIRE_` variable and a key of a settings file.
    static let keys = MapWireConfiguration.keys + [.samples, .demo, .logLevel, .logFormat, .lwsLogLevel]
}
