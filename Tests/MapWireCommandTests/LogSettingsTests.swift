import Foundation
import Logging
import MapWire
import Synchronization
import Testing

@testable import mapwire

/// `--log-format json` writes one JSON object a line; libwebsockets' own lines
/// keep their own level, so `--log-level debug` does not let its notices through.
@Suite struct LogSettingsTests {
    final class Lines: Sendable {
        let all = Mutex<[String]>([])
        func write(_ line: String) { all.withLock { $0.append(line) } }
    }

    @Test func jsonLinesCarryTimeLevelLabelMessageAndMetadata() throws {
        let lines = Lines()
        var handler = JSONLinesLogHandler(
            label: "mapwire.test", write: lines.write,
            now: { Date(timeIntervalSince1970: 1_800_000_000.25) }, metadataProvider: nil)
        handler.logLevel = .trace
        handler[metadataKey: "session"] = "7"
        var logger = Logger(label: "mapwire.test") { _ in handler }
        logger.logLevel = .trace
        logger.warning(
            "a \"quoted\"\nline\u{1}",
            metadata: ["peer": "::1", "sizes": [.stringConvertible(1), "two"], "nested": ["k": "v"]])
        let written = lines.all.withLock { $0 }
        #expect(written.count == 1 && written[0].hasSuffix("}\n") && !written[0].dropLast().contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(written[0].utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2027-01-15T08:00:00.250Z")
        #expect(object["level"] as? String == "warning" && object["label"] as? String == "mapwire.test")
        #expect(object["message"] as? String == "a \"quoted\"\nline\u{1}")
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["session"] as? String == "7" && metadata["peer"] as? String == "::1")
        #expect(metadata["sizes"] as? [String] == ["1", "two"])
        #expect((metadata["nested"] as? [String: String]) == ["k": "v"])
    }

    @Test func libwebsocketsKeepsItsOwnLevelUnlessAsked() throws {
        var settings = LogSettings()
        settings.level = .debug
        #expect(settings.handler(label: "mapwire.server").logLevel == .debug)
        #expect(settings.handler(label: MapWireService.libwebsocketsLogLabel).logLevel == .warning)
        let flags = ["--log-level", "debug", "--lws-log-level", "debug", "--log-format", "json"]
        let asked = try MapWireCommand.parse(flags).settings(environment: [:], logger: nil).log
        #expect(asked.handler(label: MapWireService.libwebsocketsLogLabel).logLevel == .debug)
        #expect(asked.handler(label: "mapwire") is JSONLinesLogHandler)
        #expect(!(settings.handler(label: "mapwire") is JSONLinesLogHandler))
    }
}
