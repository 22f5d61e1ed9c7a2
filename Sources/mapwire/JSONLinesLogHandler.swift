import Foundation
import Logging
import Synchronization

/// Writes each log line as one JSON object on a line of its own, for log
/// shippers: `{"time":"2026-01-02T03:04:05.678Z","level":"info","label":"mapwire",
/// "message":"...","metadata":{...}}`. The time is UTC with milliseconds;
/// metadata keeps its nesting (dictionaries as objects, arrays as arrays).
struct JSONLinesLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Date

    init(
        label: String, write: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date = Date.init,
        metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider
    ) {
        self.label = label
        self.write = write
        self.now = now
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        var out = "{\"time\":" + Self.quoted(now().formatted(Self.timeFormat))
        out += ",\"level\":" + Self.quoted(event.level.rawValue)
        out += ",\"label\":" + Self.quoted(label)
        out += ",\"message\":" + Self.quoted(event.message.description)
        out += ",\"metadata\":" + Self.object(all) + "}\n"
        write(out)
    }

    private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    private static func object(_ metadata: Logger.Metadata) -> String {
        "{"
            + metadata.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + value($0.value) }
            .joined(separator: ",") + "}"
    }

    private static func value(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): return quoted(text)
        case .stringConvertible(let item): return quoted(item.description)
        case .dictionary(let dictionary): return object(dictionary)
        case .array(let items): return "[" + items.map(Self.value).joined(separator: ",") + "]"
        }
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// One write a line, under a lock, so lines from many threads never interleave.
    static func writeToStandardError(_ line: String) {
        standardErrorLock.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
    }

    private static let standardErrorLock = Mutex(())
}
