import HTTPTypes
import SessionTransport

/// One client connection on the HTTP port, from its first byte until it
/// closes or becomes a WebSocket: reads each request's head and body, asks
/// the gate, and writes the answers in the order the requests came.
///
/// Requests are taken one at a time: a pipelined request waits in `input`
/// until the answer before it is queued whole, so answers never interleave
/// or get cut. Plain state, confined to the service thread; it never calls
/// lws, so it is tested by feeding it bytes.
final class HTTPConnection {
    /// What the connection needs from the service loop.
    enum Event {
        /// A request is complete: find its answer and call `answer`.
        case dispatch(HTTPExchange)
        /// The client opened a WebSocket: hand the socket over.
        case upgrade(WebSocketHandoff)
    }

    enum State {
        case awaitingHead
        case readingBody(HTTPExchange, remaining: Int)
        case awaitingAnswer(HTTPExchange)
        /// Handed to lws; nothing more is read or written here.
        case upgraded
        /// Writing what is queued, then closing.
        case closing
        /// Everything is written and the sending side shut: reading and
        /// dropping what the client still sends, so closing does not reset
        /// the connection before it read the answer (RFC 9112 9.6).
        case lingering
    }

    /// What the service loop keys deadlines on.
    enum Phase: Equatable {
        case head, body, answer, closing, lingering, upgraded
    }

    var phase: Phase {
        switch state {
        case .awaitingHead: return .head
        case .readingBody: return .body
        case .awaitingAnswer: return .answer
        case .closing: return .closing
        case .lingering: return .lingering
        case .upgraded: return .upgraded
        }
    }

    let environment: FrontEnvironment
    let peerIsLoopback: Bool
    private(set) var state = State.awaitingHead
    private var input: [UInt8] = []
    private var inputStart = 0
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The request being read, as `/metrics` counts its answer; what is
    /// known so far when it is refused before its exchange exists.
    private var labels = RequestLabels()

    /// Input buffered beyond a request being answered before reading pauses.
    static let maxBufferedInput = 64 * 1024
    /// Output queued before the next pipelined request waits for it to drain.
    static let maxQueuedOutput = 1 << 20

    init(environment: FrontEnvironment, peerIsLoopback: Bool) {
        self.environment = environment
        self.peerIsLoopback = peerIsLoopback
    }

    /// Bytes queued and not yet written.
    var pendingOutput: Int { output.count - outputStart }

    /// Close once `pendingOutput` is written.
    var closesAfterOutput: Bool {
        if case .closing = state { return true }
        return false
    }

    /// Whether the socket should be read: not while a request is answered
    /// and more than `maxBufferedInput` waits behind it.
    var wantsInput: Bool {
        switch state {
        case .readingBody, .lingering: return true
        case .upgraded, .closing: return false
        case .awaitingHead: return pendingOutput < Self.maxQueuedOutput || bufferedInput < Self.maxBufferedInput
        case .awaitingAnswer: return bufferedInput < Self.maxBufferedInput
        }
    }

    /// Bytes of a request that has not been answered yet are here (or a body is being read).
    var holdsPartialRequest: Bool {
        switch state {
        case .awaitingHead: return bufferedInput > 0
        case .readingBody: return true
        default: return false
        }
    }

    private var bufferedInput: Int { input.count - inputStart }

    /// Bytes from the socket.
    func receive(_ bytes: UnsafeRawBufferPointer) -> [Event] {
        switch state {
        case .upgraded, .closing, .lingering: return []
        default: break
        }
        input.append(contentsOf: bytes)
        return advance()
    }

    /// The answer to `exchange`: queued, then the next request is read.
    func answer(_ exchange: HTTPExchange, _ answer: HTTPAnswer) -> [Event] {
        guard case .awaitingAnswer(let current) = state, current === exchange else { return [] }
        var answer = answer
        if answer.status == 405, let allowed = exchange.allowedMethods,
            !answer.fields.contains(where: {
                $0.name == "Allow"
            })
        {
            answer.fields.append((name: "Allow", value: RouteResponse.allowHeader(allowed)))
        }
        let closes = !exchange.keepsAlive
        environment.requests.count(exchange.labels, status: answer.status)
        labels = RequestLabels()
        output += answer.serialized(omitBody: exchange.omitsBody, closes: closes, common: environment.common)
        state = closes ? .closing : .awaitingHead
        if closes { dropInput() }
        return advance()
    }

    /// Up to `max` queued bytes to write next; call `wrote` with how many went out.
    func nextOutput(max: Int) -> ArraySlice<UInt8> {
        output[outputStart..<min(output.count, outputStart + max)]
    }

    /// `count` bytes of `nextOutput` were written; the next pipelined request
    /// may go on once the queue is short again.
    func wrote(_ count: Int) -> [Event] {
        outputStart += count
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.count <= 64 * 1024)
            outputStart = 0
        } else if outputStart >= 1 << 20 && outputStart * 2 >= output.count {
            // Only once half is written, so a large answer is moved a bounded number of times.
            output.removeFirst(outputStart)
            outputStart = 0
        }
        return advance()
    }

    /// The last answer is out and the socket's sending side is shut.
    func beginLingering() {
        if case .closing = state { state = .lingering }
    }

    /// The connection missed its deadline: a request under way is answered
    /// 408 (RFC 9110 15.5.9) and the connection closes; an idle one just closes.
    func timedOut(after seconds: Int) {
        switch state {
        case .awaitingHead where bufferedInput > 0, .readingBody:
            refuse(Refusal(408, "request not complete within \(seconds) s"))
        case .awaitingHead, .awaitingAnswer, .closing:
            state = .closing
            dropInput()
        case .upgraded, .lingering:
            break
        }
    }

    /// Reads as far as the buffered bytes go.
    private func advance() -> [Event] {
        var events: [Event] = []
        loop: while true {
            switch state {
            case .awaitingHead:
                guard bufferedInput > 0, pendingOutput < Self.maxQueuedOutput else { break loop }
                switch HTTPHeadParser.parse(input[inputStart...]) {
                case .incomplete:
                    break loop
                case .refused(let refusal):
                    refuse(refusal)
                case .head(let head, let length):
                    inputStart += length
                    do throws(Refusal) {
                        if let event = try begin(head) { events.append(event) }
                    } catch {
                        refuse(error, omitBody: head.method == "HEAD")
                    }
                }
            case .readingBody(let exchange, let remaining):
                let take = min(remaining, bufferedInput)
                guard take > 0 else { break loop }
                exchange.append(input[inputStart..<inputStart + take])
                inputStart += take
                if take == remaining {
                    state = .awaitingAnswer(exchange)
                    events.append(.dispatch(exchange))
                } else {
                    state = .readingBody(exchange, remaining: remaining - take)
                }
            case .awaitingAnswer, .upgraded, .closing, .lingering:
                break loop
            }
        }
        if inputStart > 0 && (inputStart == input.count || inputStart > 64 * 1024) {
            input.removeFirst(inputStart)
            inputStart = 0
        }
        return events
    }

    /// A request head arrived: check it and start its exchange (or hand-off).
    private func begin(_ head: HTTPRequestHead) throws(Refusal) -> Event? {
        labels.method = RequestLabels.method(head.method)
        if head.method == "CONNECT" {
            // Its target is a host:port, not a path: this server is no proxy.
            throw Refusal.methodNotAllowed("CONNECT", path: head.target, allowed: environment.servedMethods)
        }
        let target = try RequestTarget(head.target)
        let gateHead = RequestHead(head, target: target, peerIsLoopback: peerIsLoopback)
        let environment = self.environment
        if WebSocketHandoff.isRequested(head) {
            let isFeed = environment.servesFeed && target.path == environment.feedPath
            guard target.path == environment.webSocketPath || isFeed else {
                throw Refusal(
                    404,
                    "no WebSocket at \(target.path.prefix(200)); the map's is at "
                        + environment.webSocketPath)
            }
            labels.route = isFeed ? environment.feedPath : environment.webSocketPath
            if let refusal = environment.gate.checkUpgrade(gateHead, isFeed: isFeed) { throw refusal }
            let handoff = try WebSocketHandoff(
                head: head, path: target.path, isFeed: isFeed,
                host: gateHead.host ?? "localhost", leftover: input[inputStart...])
            // lws writes the 101 to the handshake checked here.
            environment.requests.count(labels, status: 101)
            labels = RequestLabels()
            state = .upgraded
            dropInput()
            return .upgrade(handoff)
        }
        let method = head.method
        guard FrontEnvironment.knownMethods.contains(method) else {
            throw Refusal(501, "method \(method.prefix(20)) is not implemented")
        }
        let routing = Routing(method: method, path: target.path, routes: environment.routes)
        labels.route = routing.label
        if let refusal = environment.gate.check(gateHead, allowedMethods: routing.offered, route: routing.match?.route)
        {
            throw refusal
        }
        let length = try RequestGate.contentLength(gateHead.contentLengths) ?? 0
        var request = RouteRequest(head: Self.routeHead(head, method: method), path: target.path, query: target.query)
        if let match = routing.match {
            let (prepared, refusal) = match.prepare(request, bodyLength: length)
            if let refusal { throw Refusal(refusal) }
            request = prepared
        }
        let expectations = head.fields[values: .expect]
        if !expectations.isEmpty {
            guard expectations.allSatisfy({ $0.lowercased() == "100-continue" }) else {
                throw Refusal(417, "the only expectation this server meets is 100-continue")
            }
            if length > bufferedInput { output += HTTPAnswer.continueHead }
        }
        let limit = environment.gate.bodyLimit(route: routing.match?.route, contentType: gateHead.contentType)
        let exchange = HTTPExchange(
            id: environment.makeID(), labels: labels, request: request,
            responder: routing.responder, omitsBody: method == "HEAD",
            keepsAlive: head.keepsAlive, bodyLimit: limit)
        exchange.ifNoneMatch = head.fields[values: .ifNoneMatch]
        exchange.allowedMethods = target.path == "*" ? environment.servedMethods : routing.offered
        if let route = routing.match?.route, length > 0 { exchange.consumer = route.consumer(for: request) }
        if length == 0 {
            state = .awaitingAnswer(exchange)
            return .dispatch(exchange)
        }
        state = .readingBody(exchange, remaining: length)
        return nil
    }

    /// Answers `refusal` and closes: what follows a refused head is never
    /// read as a request.
    private func refuse(_ refusal: Refusal, omitBody: Bool = false) {
        environment.requests.count(labels, status: refusal.status)
        labels = RequestLabels()
        output += HTTPAnswer(refusal).serialized(omitBody: omitBody, closes: true, common: environment.common)
        state = .closing
        dropInput()
    }

    private func dropInput() {
        input = []
        inputStart = 0
    }
}

extension HTTPConnection {
    /// The head as a route reads it: swift-http-types' request with every
    /// field; a `HEAD` stands for the `GET` it asks about.
    static func routeHead(_ head: HTTPRequestHead, method: String) -> HTTPRequest {
        let routeMethod = method == "HEAD" ? HTTPRequest.Method.get : HTTPRequest.Method(method) ?? .get
        return HTTPRequest(
            method: routeMethod, scheme: nil, authority: nil, path: head.target,
            headerFields: head.fields)
    }

    /// Who answers a request, decided once from its method and path.
    struct Routing {
        /// The route that answers it, when one does.
        var match: RouteMatch?
        /// The methods the path takes, `OPTIONS` included, for 405s and `Allow`; nil for any.
        var offered: Set<String>?
        var responder: HTTPExchange.Responder
        /// The `route` label: the matched route's pattern (or, for a method
        /// the path does not take, its routes'), `file` for the public
        /// folder, `none` for neither.
        var label = "none"

        init(method: String, path: String, routes: RouteTable) {
            guard path != "*" else {
                // `OPTIONS *` asks about the server; anything else there finds no file.
                (offered, responder) = (nil, method == "OPTIONS" ? .options : .file)
                return
            }
            let found = routes.lookup(method: method, path: path)
            guard found.owned else {
                offered = FrontEnvironment.fileMethods.union(["OPTIONS"])
                responder = method == "OPTIONS" ? .options : .file
                label = "file"
                return
            }
            offered = found.allowed.map { $0.union(["OPTIONS"]) }
            if method == "OPTIONS" {
                // OPTIONS lists a route's methods; where no route is, the 404 answers it.
                responder = found.allowed == nil ? .noRoute : .options
            } else if let route = found.match {
                (match, responder) = (route, .route(route.route))
            } else {
                responder = .noRoute
            }
            label = (match?.route.pattern ?? routes.pattern(forPath: path))?.description ?? "none"
        }
    }
}
