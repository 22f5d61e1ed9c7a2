import Foundation
import SessionTransport

/// The property every byte stream a client may send keeps, for the fuzzer
/// (`mapwire-fuzz http-connection`) and its regression tests: cut into
/// pieces anywhere, fed to an `HTTPConnection` whose requests are answered,
/// it never traps, and what the connection writes is a row of whole
/// HTTP/1.1 answers, one per request taken or refused, each body exactly as
/// long as its `Content-Length` says (none for `HEAD`, 204 and 304).
package enum HTTPInputCheck {
    package static func check(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let configuration = ServerConfiguration(
            publicDirectory: URL(fileURLWithPath: "/nonexistent"),
            limits: .init(maxRequestBodyBytes: 4096),
            apiToken: first & 1 == 0
                ? nil : "token")
        var nextID = 0
        let environment = FrontEnvironment(
            gate: RequestGate(configuration: configuration), common: CommonFields(allowedOrigins: []),
            webSocketPath: "/ws", feedPath: "/feed", servesFeed: true,
            routes: routesForCheck,
            makeID: {
                nextID += 1
                return nextID
            })
        let connection = HTTPConnection(environment: environment, peerIsLoopback: first & 2 == 0)
        var omitsBody: [Bool] = []
        var upgraded = false
        var written: [UInt8] = []
        let input = Array(bytes.dropFirst())
        var start = 0
        var piece = max(1, Int(first >> 2))
        while start < input.count, !upgraded {
            let end = min(input.count, start + piece)
            var events = input[start..<end].withUnsafeBytes { connection.receive($0) }
            start = end
            piece = piece % 61 + 1
            while !events.isEmpty {
                let event = events.removeFirst()
                switch event {
                case .dispatch(let exchange):
                    omitsBody.append(exchange.omitsBody)
                    _ = exchange.complete()
                    events += connection.answer(
                        exchange,
                        HTTPAnswer(
                            status: 200, contentType: "text/plain",
                            body: Array("ok".utf8)))
                case .upgrade(let handoff):
                    guard handoff.bytes.count <= WebSocketHandoff.maxBytes else {
                        fatalError("a hand-off of \(handoff.bytes.count) bytes")
                    }
                    upgraded = true
                }
                while connection.pendingOutput > 0 {
                    let chunk = connection.nextOutput(max: 4096)
                    written += chunk
                    events += connection.wrote(chunk.count)
                }
            }
            while connection.pendingOutput > 0 {
                let chunk = connection.nextOutput(max: 4096)
                written += chunk
                _ = connection.wrote(chunk.count)
            }
        }
        checkAnswers(written, omitsBody: omitsBody, mayRefuseHead: input.contains(headMethod))
    }

    /// A route table like the API's, for the check: the answers come from the check itself.
    private static let routesForCheck: RouteTable = {
        let json: [String: Route.BodyReading] = ["application/json": .whole, "application/x-ndjson": .bulk]
        let none: @Sendable (RouteRequest) -> RouteResponse = { _ in .json(200, "{}") }
        return RouteTable(
            [
                Route("GET", "/healthz", handler: none),
                Route("POST", "/api/moves", body: json, writes: true, handler: none),
                Route("GET", "/api/annotations/{id}", handler: none),
                Route("PATCH", "/api/annotations/{id}", body: json, writes: true, handler: none),
                Route("DELETE", "/api/annotations/{id}", body: json, bodyIsOptional: true, writes: true, handler: none),
            ], prefixes: ["/api/"])
    }()

    private static let headMethod = Array("HEAD ".utf8)

    /// Walks the answers: each a status line, fields, a blank line and its
    /// body. A refusal of a `HEAD` request has none (RFC 9110): when the
    /// input has one, a refusal followed at once by the next answer, or by
    /// nothing, is taken for it.
    private static func checkAnswers(_ bytes: [UInt8], omitsBody: [Bool], mayRefuseHead: Bool) {
        var rest = bytes[...]
        var requests = omitsBody[...]
        let separator = Array("\r\n\r\n".utf8)
        while !rest.isEmpty {
            guard rest.starts(with: Array("HTTP/1.1 ".utf8)),
                let end = rest.indices.first(where: { rest[$0...].starts(with: separator) })
            else {
                fatalError("not an answer: \(String(decoding: rest.prefix(80), as: UTF8.self).debugDescription)")
            }
            let head = String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
            rest = rest[(end + 4)...]
            let status = Int(head.dropFirst(9).prefix(3)) ?? 0
            if status == 100 { continue }
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) }
            // Only requests taken are answered 200 here; a refusal's body is always sent.
            let omits = status == 200 ? (requests.popFirst() ?? false) : false
            if omits { continue }
            if status != 200, mayRefuseHead, rest.isEmpty || rest.starts(with: Array("HTTP/1.1 ".utf8)) { continue }
            guard let length, length <= rest.count else {
                fatalError("answer \(status) without its whole body: \(head.debugDescription)")
            }
            rest = rest.dropFirst(length)
        }
    }
}
