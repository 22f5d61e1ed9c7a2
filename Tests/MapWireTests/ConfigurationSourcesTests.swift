import Configuration
import Foundation
import Testing

@testable import MapWire

/// Settings come from the command line, then `MAPWIRE_` variables, then a
/// JSON or YAML file, then the defaults; a value a setting does not take is
/// refused, naming the setting and where it came from.
@Suite struct ConfigurationSourcesTests {
    /// A settings file in a fresh folder, removed when the test ends.
    final class SettingsFile {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-config-\(UUID())")
        let path: String

        init(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    private func configuration(
        environment: [String: String] = [:],
        commandLine: [MapWireConfiguration.Key: ConfigContent] = [:],
        configFile: String? = nil
    ) throws -> MapWireConfiguration {
        try MapWireConfiguration(
            reading: MapWireConfiguration.reader(
                environment: environment, commandLine: commandLine, configFile: configFile, logger: nil))
    }

    @Test func withNoSourceEverySettingKeepsItsDefault() throws {
        let read = try configuration()
        let defaults = MapWireConfiguration()
        #expect(read.host == defaults.host && read.port == defaults.port && read.storePath == defaults.storePath)
        #expect(read.storeSync == defaults.storeSync && read.controls == defaults.controls)
        #expect(read.dataDirectory == nil && read.publicDirectory == nil && read.allowedOrigins.isEmpty)
        #expect(read.limits.maxSessions == defaults.limits.maxSessions)
        #expect(read.limits.maxImportMegabytes == defaults.limits.maxImportMegabytes)
    }

    @Test func eachSourceGivesAValueAndTheHigherOneWins() throws {
        let file = try SettingsFile(
            "mapwire.yaml",
            """
            host: file.example
            port: 1000
            max-sessions: 5
            input-burst: 50
            """)
        let environment = ["MAPWIRE_PORT": "2000", "MAPWIRE_MAX_SESSIONS": "6"]
        let all = try configuration(environment: environment, commandLine: [.port: .int(3000)], configFile: file.path)
        #expect(all.port == 3000, "the command line wins over the variable and the file")
        #expect(all.limits.maxSessions == 6, "the variable wins over the file")
        #expect(all.host == "file.example" && all.limits.inputBurst == 50, "the file wins over the defaults")
        #expect(all.limits.maxInputRate == MapWireConfiguration.Limits().maxInputRate, "the default stays")
        let withoutFlags = try configuration(environment: environment, configFile: file.path)
        #expect(withoutFlags.port == 2000)
        let fileOnly = try configuration(configFile: file.path)
        #expect(fileOnly.port == 1000 && fileOnly.limits.maxSessions == 5)
    }

    @Test func aJSONFileReadsAsAYAMLOne() throws {
        let json = try SettingsFile(
            "mapwire.json",
            """
            {"port": 9000, "sync": "full", "allow-open-writes": true, "allowed-origin": ["https://a.example"],
             "scale-bar": "none", "zoom-controls": "bottom-right"}
            """)
        let yaml = try SettingsFile(
            "mapwire.yml",
            """
            port: 9000
            sync: full
            allow-open-writes: true
            allowed-origin:
              - https://a.example
            scale-bar: none
            zoom-controls: bottom-right
            """)
        for file in [json, yaml] {
            let read = try configuration(configFile: file.path)
            #expect(read.port == 9000 && read.storeSync == .full && read.allowsOpenWrites)
            #expect(read.allowedOrigins == ["https://a.example"])
            #expect(read.controls.scaleBar == nil && read.controls.zoom == .bottomRight)
        }
    }

    @Test func aListInAFileMayAlsoBeCommaSeparatedText() throws {
        let file = try SettingsFile("mapwire.yaml", "allowed-host: a.example, b.example\n")
        #expect(try configuration(configFile: file.path).allowedHosts == ["a.example", "b.example"])
    }

    @Test func tilesAreAListOfPathsFromTheWorkingFolderAndNoneIsNoStreets() throws {
        let cwd = FileManager.default.currentDirectoryPath
        let read = try configuration(environment: ["MAPWIRE_TILES": "a.mbtiles,/maps/b.pmtiles"])
        #expect(read.tilePaths == [cwd + "/a.mbtiles", "/maps/b.pmtiles"])
        #expect(try configuration(commandLine: [.tiles: .stringArray(["none"])]).tilePaths == [])
        #expect(try configuration().tilePaths == nil, "unset: the default archive")
    }

    @Test func theStyleIsLightDarkOrAStyleFileFromTheWorkingFolder() throws {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(try configuration().style == .light)
        #expect(try configuration(environment: ["MAPWIRE_STYLE": "dark"]).style == .dark)
        #expect(
            try configuration(commandLine: [.style: .string("styles/night.json")]).style
                == .file(cwd + "/styles/night.json"))
        let both = try configuration(environment: ["MAPWIRE_STYLE": "dark"], commandLine: [.style: .string("light")])
        #expect(both.style == .light, "the flag wins over the variable")
    }

    @Test func theFileIsTheOneTheCommandLineOrTheVariableNames() throws {
        let named = try SettingsFile("named.yaml", "port: 1111\n")
        let other = try SettingsFile("other.yaml", "port: 2222\n")
        #expect(try configuration(environment: ["MAPWIRE_CONFIG": named.path], configFile: other.path).port == 1111)
        #expect(
            try configuration(
                environment: ["MAPWIRE_CONFIG": other.path],
                commandLine: [.config: .string(named.path)]
            ).port == 1111)
    }

    @Test(arguments: ["max-sessions: 0\n", "max-sessions: lots\n", "max-sessions: [1, 2]\n"])
    func aBadValueInAFileNamesTheKeyAndTheFile(text: String) throws {
        let file = try SettingsFile("mapwire.yaml", text)
        #expect {
            _ = try configuration(configFile: file.path)
        } throws: { error in
            guard let error = error as? MapWireConfigurationError else { return false }
            return error.key == "max-sessions" && error.source == .file(file.path)
                && error.description.contains(file.path) && error.description.contains("max-sessions")
                && error.description.contains("1 or more")
        }
    }

    @Test func aBadVariableNamesItselfItsValueAndItsFlag() {
        #expect {
            _ = try configuration(environment: ["MAPWIRE_PORT": "eighty"])
        } throws: { error in
            "\(error)" == "MAPWIRE_PORT=eighty: --port must be a whole number from 0 to 65535"
        }
        #expect {
            _ = try configuration(environment: ["MAPWIRE_SYNC": "fast"])
        } throws: { error in
            "\(error)" == "MAPWIRE_SYNC=fast: --sync must be 'normal' or 'full'"
        }
    }

    @Test func aValueOutOfRangeOnTheCommandLineNamesTheFlag() {
        #expect {
            _ = try configuration(commandLine: [.maxImportMb: .int(5000)])
        } throws: { error in
            "\(error)" == "--max-import-mb must be a whole number from 1 to 4096, not 5000"
        }
    }

    @Test(arguments: [
        ("missing.yaml", nil, "no such file"), ("mapwire.toml", "port = 1", "JSON (.json) or YAML"),
        ("mapwire.json", "{\"port\": ", "not a JSON object"), ("mapwire.yaml", "- 1\n", "YAML"),
    ])
    func aFileThatCannotBeReadIsRefusedNamingIt(name: String, text: String?, says: String) throws {
        let file = try SettingsFile("placeholder.yaml", "")
        let path = file.folder.appendingPathComponent(name).path
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
        #expect {
            _ = try configuration(configFile: path)
        } throws: { error in
            "\(error)".hasPrefix(path + ": ") && "\(error)".contains(says)
        }
    }

    @Test func anEmptyVariableCountsAsUnset() throws {
        let read = try configuration(environment: ["MAPWIRE_PORT": "", "MAPWIRE_API_TOKEN": ""])
        #expect(read.port == 8080 && read.apiToken == MapWireConfiguration().apiToken)
    }

    /// Each key's variable is the name the environment provider looks up, for every key.
    @Test func everyKeyIsReadFromItsVariable() throws {
        for key in MapWireConfiguration.keys {
            let (text, content): (String, ConfigContent) =
                switch key.values {
                case .text: ("x", .string("x"))
                case .number(let range): (String(range.lowerBound), .int(range.lowerBound))
                case .onOff: ("true", .bool(true))
                case .oneOf(let words): (words[0], .string(words[0]))
                case .list: ("a,b", .stringArray(["a", "b"]))
                }
            let reader = ConfigReader(
                provider: ConfigurationSource(
                    EnvironmentVariablesProvider(environmentVariables: [key.variable: text]).prefixKeys(with: "mapwire")
                        .snapshot(), source: .environment, keys: MapWireConfiguration.keys))
            let read: ConfigContent? =
                switch content {
                case .string: try SettingReader(reader).text(key).map(ConfigContent.string)
                case .int: try SettingReader(reader).number(key).map(ConfigContent.int)
                case .bool: try SettingReader(reader).onOff(key).map(ConfigContent.bool)
                default: try SettingReader(reader).list(key).map(ConfigContent.stringArray)
                }
            #expect(read == content, "\(key.variable)")
        }
    }

    @Test func aReaderAnAppBuiltItselfIsCheckedToo() {
        let reader = ConfigReader(provider: InMemoryProvider(values: ["port": 70000]))
        #expect {
            _ = try MapWireConfiguration(reading: reader)
        } throws: { error in
            "\(error)" == "port must be a whole number from 0 to 65535, not 70000"
        }
    }

    @Test func anUnknownVariableIsNamedInAWarningWithTheLikelyOne() throws {
        let log = LogCapture()
        _ = try MapWireConfiguration.reader(
            environment: ["MAPWIRE_PORTT": "9000", "MAPWIRE_PORT": "1", "PATH": "/"],
            logger: log.logger(level: .info))
        #expect(
            log.captured == [
                "warning MAPWIRE_PORTT is no setting's variable and is ignored (did you mean MAPWIRE_PORT?)"
            ])
        #expect(
            MapWireConfiguration.unknownVariables(in: ["MAPWIRE_PORT": "1", "MAPWIRE_X": "", "HOME": "/"])
                == ["MAPWIRE_X"])
    }

    @Test func theSettingsLogSaysWhereEachValueCameFromAndHidesTheToken() throws {
        let log = LogCapture()
        let file = try SettingsFile("mapwire.yaml", "port: 1000\napi-token: from-the-file\n")
        let reader = try MapWireConfiguration.reader(
            environment: ["MAPWIRE_API_TOKEN": "s3cret-token"], commandLine: [.host: .string("::")],
            configFile: file.path, logger: log.logger())
        let read = try MapWireConfiguration(reading: reader)
        #expect(read.apiToken == "s3cret-token", "the token is read, only never shown")
        let lines = log.captured
        #expect(lines.contains("debug api-token = <REDACTED> (MAPWIRE_API_TOKEN)"))
        #expect(lines.contains("debug host = :: (--host)"))
        #expect(lines.contains("debug port = 1000 (\(file.path))"))
        #expect(lines.contains("debug store: default"))
        #expect(!lines.joined().contains("s3cret") && !lines.joined().contains("from-the-file"))
    }
}
