import ArgumentParser
import Logging
import MapWire

/// How log lines are written.
enum LogFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// swift-log's own lines: time, level, label, metadata, message.
    case text
    /// One JSON object a line (`JSONLinesLogHandler`), for log shippers.
    case json
}

/// How `mapwire` logs: a level, a format, and a level of libwebsockets' own.
struct LogSettings: Sendable, Equatable {
    var level: Logger.Level = .info
    var format: LogFormat = .text
    /// libwebsockets' lines have their own level: its notices are chatty
    /// details of every socket, and would drown the server's own lines at
    /// `--log-level debug`. Its warnings and errors still show.
    var libwebsocketsLevel: Logger.Level = .warning

    init() {}

    init(reading settings: SettingReader) throws(MapWireConfigurationError) {
        if let level = try settings.word(.logLevel, as: Logger.Level.self) { self.level = level }
        if let format = try settings.word(.logFormat, as: LogFormat.self) { self.format = format }
        if let level = try settings.word(.lwsLogLevel, as: Logger.Level.self) { libwebsocketsLevel = level }
    }

    /// The handler for a logger called `label`, writing lines with `write` (standard error in the server).
    func handler(label: String, write: @escaping @Sendable (String) -> Void = LogSettings.standardError)
        -> any LogHandler
    {
        var handler: any LogHandler
        switch format {
        case .text: handler = StreamLogHandler.standardError(label: label)
        case .json: handler = JSONLinesLogHandler(label: label, write: write)
        }
        handler.logLevel = label == MapWireService.libwebsocketsLogLabel ? libwebsocketsLevel : level
        return handler
    }

    /// Makes every logger of the process use `handler(label:)`; once, before any logger is made.
    func bootstrap() {
        LoggingSystem.bootstrap { label in handler(label: label) }
    }

    @Sendable static func standardError(_ line: String) {
        JSONLinesLogHandler.writeToStandardError(line)
    }
}
