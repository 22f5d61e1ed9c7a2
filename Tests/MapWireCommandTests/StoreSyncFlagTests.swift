import ArgumentParser
import MapWire
import Testing

@testable import mapwire

/// `--sync` (and `MAPWIRE_SYNC`) say what an acknowledged change survives.
@Suite struct StoreSyncFlagTests {
    private func sync(_ commandLine: [String], environment: [String: String] = [:]) throws -> StoreSync {
        try MapWireCommand.parse(commandLine).settings(environment: environment, logger: nil).configuration.storeSync
    }

    @Test func theFlagChoosesAndNormalIsTheDefault() throws {
        #expect(try sync([]) == .normal)
        #expect(try sync(["--sync", "full"]) == .full)
        #expect(try sync(["--sync=normal"]) == .normal)
        #expect(MapWireConfiguration().storeSync == .normal)
    }

    @Test func theVariableChoosesTooAndTheFlagWins() throws {
        #expect(try sync([], environment: ["MAPWIRE_SYNC": "full"]) == .full)
        #expect(try sync(["--sync", "normal"], environment: ["MAPWIRE_SYNC": "full"]) == .normal)
    }

    @Test(arguments: [(["--sync", "fast"], [:]), (["--sync", "FULL"], [:]), ([], ["MAPWIRE_SYNC": "off"])])
    func anyOtherValueIsRefusedNamingTheFlagAndWhatItTakes(commandLine: [String], environment: [String: String]) {
        #expect {
            _ = try sync(commandLine, environment: environment)
        } throws: { error in
            let message = MapWireCommand.message(for: error)
            return message.contains("--sync") && message.contains("'normal'") && message.contains("'full'")
        }
    }
}
