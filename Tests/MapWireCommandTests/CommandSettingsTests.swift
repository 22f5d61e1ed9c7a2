import ArgumentParser
import Configuration
import Foundation
import Logging
import MapWire
import SampleApps
import Testing

@testable import mapwire

/// `mapwire` reads every setting from its flags, then `MAPWIRE_` variables,
/// then the file `--config` names, then the defaults: one table of keys
/// gives each its flag, its variable and its key in the file.
@Suite struct CommandSettingsTests {
    private func settings(_ commandLine: [String], environment: [String: String] = [:]) throws -> ServerSettings {
        try MapWireCommand.parse(commandLine).settings(environment: environment, logger: nil)
    }

    private func withFile<T>(_ name: String, _ text: String, _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-command-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try body(path)
    }

    @Test func flagsWinOverVariablesWhichWinOverTheFileWhichWinsOverTheDefaults() throws {
        try withFile(
            "mapwire.yaml",
            """
            samples: wishlist
            demo: false
            max-sessions: 5
            log-level: notice
            port: 1000
            """
        ) { path in
            let environment = ["MAPWIRE_DEMO": "true", "MAPWIRE_MAX_SESSIONS": "6", "MAPWIRE_PORT": "2000"]
            let read = try settings(["--config", path, "--no-demo", "--port", "3000"], environment: environment)
            #expect(read.configuration.port == 3000 && !read.demo, "flags win")
            #expect(read.configuration.limits.maxSessions == 6, "the variable wins over the file")
            #expect(read.samples.samples == [.wishlist] && read.log.level == .notice, "the file wins over the defaults")
            #expect(read.log.format == .text && read.configuration.host == "127.0.0.1", "defaults stay")
            let noFlags = try settings(["--config", path], environment: environment)
            #expect(noFlags.demo && noFlags.configuration.port == 2000)
        }
    }

    @Test func theExecutablesOwnSettingsHaveTheirDefaults() throws {
        let read = try settings([])
        #expect(read.demo && read.samples.samples == Set(SampleMapApp.Sample.allCases))
        #expect(read.log == LogSettings())
        #expect(read.log.level == .info && read.log.libwebsocketsLevel == .warning)
    }

    /// The other direction of the table: every key is a flag that reaches the reader.
    @Test func everySettingHasAFlag() throws {
        for key in MapWireCommand.keys {
            let arguments: [String] =
                switch key.values {
                case .text: [key.flag, "x"]
                case .number(let range): [key.flag, String(range.lowerBound)]
                case .onOff where key == .demo: ["--no-demo"]
                case .onOff: [key.flag]
                case .oneOf(let words): [key.flag, words[0]]
                case .list(let choices): [key.flag, choices.first ?? "a"]
                }
            #expect(try MapWireCommand.parse(arguments).given[key] != nil, "\(key.flag)")
        }
    }

    @Test func helpNamesEveryFlagsVariable() {
        let help = MapWireCommand.helpMessage(columns: 200)
        for key in MapWireCommand.keys {
            #expect(help.contains("env: \(key.variable)"), "\(key.variable)")
        }
    }

    @Test func versionPrintsTheVersion() {
        #expect(MapWireVersion.current.split(separator: ".").count == 3)
        #expect {
            _ = try MapWireCommand.parse(["--version"])
        } throws: { error in
            MapWireCommand.message(for: error) == MapWireVersion.current
                && MapWireCommand.exitCode(for: error) == .success
        }
    }

    @Test func aBadFlagValueOnlyTheReaderChecksIsAUsageError() {
        #expect {
            _ = try settings(["--max-sessions", "0"])
        } throws: { error in
            MapWireCommand.message(for: error) == "--max-sessions must be a whole number, 1 or more, not 0"
                && MapWireCommand.exitCode(for: error) == .validationFailure
        }
    }

    @Test func samplesFromAVariableAreAListAndNoneIsTheBareMap() throws {
        #expect(
            try settings([], environment: ["MAPWIRE_SAMPLES": "wishlist, mapcallouts"]).samples.samples
                == [.wishlist, .mapcallouts])
        #expect(try settings([], environment: ["MAPWIRE_SAMPLES": "none"]).samples.samples.isEmpty)
        #expect(try MapWireCommand.parse(["--samples", "none"]).given[.samples] == .stringArray(["none"]))
    }

    @Test func helsinkiIsASampleOfItsOwnAndOneOfAll() throws {
        #expect(try settings(["--samples", "helsinki"]).samples.samples == [.helsinki])
        #expect(try settings(["--samples", "all"]).samples.samples.contains(.helsinki))
        #expect(try settings([]).samples.samples.contains(.helsinki), "all is the default")
        #expect(try settings(["--samples", "wishlist,helsinki"]).samples.samples == [.wishlist, .helsinki])
        #expect(SampleSelection(samples: [.helsinki]).names == ["helsinki"])
    }

    @Test func tilesRepeatAndWinOverTheirVariable() throws {
        let read = try settings(
            ["--tiles", "/maps/a.mbtiles", "--tiles", "/maps/b.pmtiles"],
            environment: ["MAPWIRE_TILES": "/maps/c.mbtiles"])
        #expect(read.configuration.tilePaths == ["/maps/a.mbtiles", "/maps/b.pmtiles"])
        #expect(
            try settings([], environment: ["MAPWIRE_TILES": "/maps/c.mbtiles"]).configuration.tilePaths == [
                "/maps/c.mbtiles"
            ])
    }
}
