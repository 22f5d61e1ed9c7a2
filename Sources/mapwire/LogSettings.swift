import Logging
import MapWire

/// How `mapwire` logs.
struct LogSettings: Sendable, Equatable {
    var level: Logger.Level = .info

    init() {}

    init(reading settings: SettingReader) throws(MapWireConfigurationError) {
        if let level = try settings.word(.logLevel, as: Logger.Level.self) { self.level = level }
    }

    /// Makes every logger of the process write text lines to standard error; once, before any logger is made.
    func bootstrap() {
        let level = level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
