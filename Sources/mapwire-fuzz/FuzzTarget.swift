/// The inputs MapWire takes from strangers, each with the property every
/// input must keep. A violated property traps, which libFuzzer reports with
/// the input that did it (and replay mode with the file).
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Binary WebSocket messages from a browser, as `ClientMessage.decode` reads them.
    case clientMessage = "client-message"
    /// Bodies of the HTTP API's routes, as `MapWireApp.respond(to:)` answers them.
    case apiBody = "api-body"
    /// Sequences of messages through a whole browser session.
    case session

    func check(_ bytes: [UInt8]) {
        switch self {
        case .clientMessage: ClientMessageCheck.check(bytes)
        case .apiBody: APIBodyCheck.check(bytes)
        case .session: SessionCheck.check(bytes)
        }
    }
}

/// The target named by the first argument; libFuzzer's callback is a C
/// function pointer and cannot capture it.
let selectedTarget: FuzzTarget? = CommandLine.arguments.dropFirst().first.flatMap(FuzzTarget.init(rawValue:))
