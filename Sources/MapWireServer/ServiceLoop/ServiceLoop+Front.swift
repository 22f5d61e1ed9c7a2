import CLibWebSockets
import Dispatch
import SessionTransport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The HTTP port as lws hands it over: raw sockets whose bytes go to an
/// `HTTPConnection`, which reads the requests; its answers are written back
/// here, and a WebSocket opening moves the socket to lws's WebSocket vhost.
///
/// lws 4.1's own HTTP parser lets a field whose name is the start of a known
/// one (`Hos`, `X-Forwarded`) swallow the field after it, so nothing it
/// parses is trusted: lws only ever reads the handshake `WebSocketHandoff`
/// rewrites.
extension ServiceLoop {
    /// How long a closing connection reads what the client still sends: the
    /// rest of a refused upload on a local network, not a slow client's.
    static let lingerSeconds = 1.0

    /// `LWS_CALLBACK_RAW_ADOPT`: a new socket on the HTTP port.
    func frontAccepted(_ wsi: OpaquePointer) -> Int32 {
        guard admitSocket(wsi) else { return -1 }
        socketAccepted(wsi)
        fronts[wsi] = HTTPConnection(environment: frontEnvironment, peerIsLoopback: peerIsLoopback(wsi))
        return 0
    }

    /// `LWS_CALLBACK_RAW_RX`.
    func frontReceived(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let connection = fronts[wsi] else { return -1 }
        let before = connection.phase
        let events = connection.receive(bytes)
        if case .readingBody = connection.state { expectProgress(wsi) }
        return settle(wsi, connection, events, phaseBefore: before)
    }

    /// `LWS_CALLBACK_RAW_WRITEABLE`: the next piece of the queued answers.
    func frontWritable(_ wsi: OpaquePointer) -> Int32 {
        guard let connection = fronts[wsi] else { return -1 }
        let chunk = connection.nextOutput(max: sendBuffer.count - pre)
        guard !chunk.isEmpty else {
            guard connection.closesAfterOutput else { return 0 }
            // Shut the sending side, then read what the client still sends
            // until it closes or the close timeout ends it.
            shutdown(lws_get_socket_fd(wsi), Int32(SHUT_WR))
            let before = connection.phase
            connection.beginLingering()
            return settle(wsi, connection, [], phaseBefore: before)
        }
        let written = sendBuffer.withUnsafeMutableBufferPointer { buffer -> Int32 in
            let payload = buffer.baseAddress! + pre
            chunk.withUnsafeBufferPointer { payload.update(from: $0.baseAddress!, count: $0.count) }
            return lws_write(wsi, payload, chunk.count, LWS_WRITE_HTTP)
        }
        if written < Int32(chunk.count) { return -1 }
        let before = connection.phase
        let events = connection.wrote(chunk.count)
        if connection.pendingOutput > 0 { expectProgress(wsi) }
        return settle(wsi, connection, events, phaseBefore: before)
    }

    /// `LWS_CALLBACK_RAW_CLOSE`: the socket is gone; answers still being made are dropped.
    func frontClosed(_ wsi: OpaquePointer) {
        guard fronts.removeValue(forKey: wsi) != nil else { return }
        flowPaused.remove(wsi)
        for (id, owner) in exchanges where owner.wsi == wsi { exchanges[id] = nil }
    }

    /// The connection missed its deadline (ServiceLoop+Limits.swift): a
    /// request under way gets its 408; one that cannot even get its last
    /// answer out in time is dropped.
    func frontTimedOut(_ wsi: OpaquePointer, _ connection: HTTPConnection) {
        let before = connection.phase
        let ending = before == .closing || before == .lingering
        if !ending { connection.timedOut(after: configuration.idleRequestTimeout) }
        if ending || settle(wsi, connection, [], phaseBefore: before) != 0 {
            lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        }
    }

    /// An answer came back from a route or the file reader.
    func frontAnswered(_ id: Int, _ answer: HTTPAnswer) {
        guard let owner = exchanges.removeValue(forKey: id), let connection = fronts[owner.wsi] else { return }
        let before = connection.phase
        let events = connection.answer(owner.exchange, answer)
        if settle(owner.wsi, connection, events, phaseBefore: before) != 0 {
            // Only a WebSocket opening asks to close the raw socket, and its handing over is done.
            lws_set_timeout(owner.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
        }
    }

    /// Acts on what the connection asked for, then brings the socket in line
    /// with it: a deadline for the phase it is in, reading paused or not,
    /// a writable callback while output waits. Returns the callback result.
    private func settle(
        _ wsi: OpaquePointer, _ connection: HTTPConnection, _ events: [HTTPConnection.Event],
        phaseBefore: HTTPConnection.Phase
    ) -> Int32 {
        for event in events {
            switch event {
            case .dispatch(let exchange):
                dispatch(exchange, on: wsi)
            case .upgrade(let handoff):
                handOver(wsi, handoff)
                return -1
            }
        }
        let phase = connection.phase
        if phase != phaseBefore {
            switch phase {
            case .head: awaitNextRequest(wsi)
            case .body: expectProgress(wsi)
            case .answer: connectionGate.expect(wsi, .request, by: nil)
            case .closing:
                connectionGate.expect(wsi, .request, by: Self.now() + Double(max(1, configuration.closeTimeout)))
            case .lingering:
                connectionGate.expect(wsi, .request, by: Self.now() + Self.lingerSeconds)
            case .upgraded: break
            }
        }
        let wantsInput = connection.wantsInput
        if wantsInput == flowPaused.contains(wsi) {
            if wantsInput { flowPaused.remove(wsi) } else { flowPaused.insert(wsi) }
            lws_rx_flow_control(wsi, wantsInput ? 1 : 0)
        }
        // A close waits for one more writable callback: lws calls it only once
        // what it kept of a partly sent write is out.
        if connection.pendingOutput > 0 || connection.closesAfterOutput { lws_callback_on_writable(wsi) }
        return 0
    }

    /// A body is arriving: the next piece is due within the request timeout.
    private func expectProgress(_ wsi: OpaquePointer) {
        connectionGate.expect(wsi, .request, by: Self.now() + Double(max(1, configuration.idleRequestTimeout)))
    }

    /// Finds the exchange's answer: `OPTIONS` at once, files and routes off
    /// the service thread (bodies from `BulkRequestQueue.threshold` on in
    /// their own queue), back through the inbox.
    private func dispatch(_ exchange: HTTPExchange, on wsi: OpaquePointer) {
        exchanges[exchange.id] = (wsi, exchange)
        let (id, inbox) = (exchange.id, inbox)
        switch exchange.responder {
        case .options:
            let allowed = RouteResponse.allowHeader(exchange.allowedMethods ?? frontEnvironment.servedMethods)
            inbox.post(
                answer: HTTPAnswer(status: 204, contentType: nil, body: [], fields: [("Allow", allowed)]),
                for: id)
        case .file:
            let (files, request, tags) = (staticFiles, exchange.request, exchange.ifNoneMatch)
            DispatchQueue.global(qos: .userInitiated).async {
                inbox.post(answer: files.answer(path: request.path, query: request.query, ifNoneMatch: tags), for: id)
            }
        case .noRoute:
            _ = exchange.complete()
            let request = exchange.request
            inbox.post(
                answer: HTTPAnswer(
                    RouteResponse.error(
                        404,
                        "no route \(request.method.prefix(20)) "
                            + "\(request.path.prefix(200))")), for: id)
        case .route(let route):
            let bytes = exchange.complete()
            let answer: @Sendable () -> Void
            if let consumer = exchange.consumer {
                answer = { inbox.post(answer: HTTPAnswer(consumer.finish()), for: id) }
            } else {
                let request = exchange.request
                answer = { inbox.post(answer: HTTPAnswer(route.respond(to: request)), for: id) }
            }
            if bytes < BulkRequestQueue.threshold {
                DispatchQueue.global(qos: .userInitiated).async(execute: answer)
            } else if !BulkRequestQueue.shared.submit(bytes: bytes, answer) {
                inbox.post(
                    answer: HTTPAnswer(Refusal(503, "too many large requests in progress; retry shortly")),
                    for: id)
            }
        }
    }

    /// Moves the socket to the WebSocket vhost with the rewritten handshake
    /// as its first bytes. lws closes a socket it cannot adopt; the front's
    /// own descriptor closes with the raw connection right after, without a
    /// shutdown, so the copy lives on.
    private func handOver(_ wsi: OpaquePointer, _ handoff: WebSocketHandoff) {
        guard let webSocketHost else { return }
        let copy = dup(lws_get_socket_fd(wsi))
        guard copy >= 0 else {
            logger.warning("could not hand a WebSocket over: dup failed with errno \(errno)")
            return
        }
        connectionGate.release(wsi)
        handoffs[copy] = handoff
        _ = handoff.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                lws_adopt_socket_vhost_readbuf(webSocketHost, copy, $0.baseAddress, $0.count)
            }
        }
        handoffs[copy] = nil
    }

    /// `LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION` on the WebSocket vhost: only
    /// sockets the front handed over, each counted again as a connection.
    func acceptHandoff(_ wsi: OpaquePointer) -> Bool {
        let fd = lws_get_socket_fd(wsi)
        guard handoffs.removeValue(forKey: fd) != nil, !stopping else { return false }
        let deadline = Self.now() + Double(max(1, configuration.idleRequestTimeout))
        return connectionGate.admit(wsi, peer: peerAddress(wsi), deadline: deadline) == nil
    }
}
