import Foundation
import MapWireServer

/// The inputs MapWire takes from strangers, each with the property every
/// input must keep. A violated property traps, which libFuzzer reports with
/// the input that did it (and replay mode with the file).
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Binary WebSocket messages from a browser, as `ClientMessage.decode` reads them.
    case clientMessage = "client-message"
    /// Bodies of the HTTP API's routes, as the service's route table answers them.
    case apiBody = "api-body"
    /// Sequences of messages through a whole browser session.
    case session
    /// Bytes on the HTTP port, cut anywhere, through the connection that reads requests.
    case httpConnection = "http-connection"
    /// Mapbox Vector Tiles, gzipped or not, as an archive of strangers' tiles would hold them.
    case vectorTile = "vector-tile"

    func check(_ bytes: [UInt8]) {
        switch self {
        case .clientMessage: ClientMessageCheck.check(bytes)
        case .apiBody: APIBodyCheck.check(bytes)
        case .session: SessionCheck.check(bytes)
        case .httpConnection: HTTPInputCheck.check(bytes)
        case .vectorTile: VectorTileCheck.check(bytes)
        }
    }
}

/// Whether the first argument names the target (libFuzzer's own runs of the
/// binary, e.g. for `-merge=1`, leave it out and name it in the environment).
let targetIsFirstArgument = CommandLine.arguments.dropFirst().first.flatMap(FuzzTarget.init(rawValue:)) != nil

/// The target named by the first argument, or by `MAPWIRE_FUZZ_TARGET`;
/// libFuzzer's callback is a C function pointer and cannot capture it.
let selectedTarget: FuzzTarget? =
    CommandLine.arguments.dropFirst().first.flatMap(FuzzTarget.init(rawValue:))
    ?? ProcessInfo.processInfo.environment["MAPWIRE_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))
