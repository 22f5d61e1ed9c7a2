import CLibWebSockets
import Logging
import SessionTransport
import Wire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The WebSocket side of the service loop: accept, assemble, deliver, write.
extension ServiceLoop {
    /// Every socket accepted on the HTTP port.
    /// Frames are small and latency matters more than packet count, so Nagle's
    /// algorithm is switched off; reading the option back proves it stuck.
    func socketAccepted(_ wsi: OpaquePointer) {
        let fd = lws_get_socket_fd(wsi)
        guard fd >= 0 else { return }
        var on: Int32 = 1
        if setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) != 0 {
            logger.warning("could not set TCP_NODELAY: errno \(errno)")
            return
        }
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &size) == 0, value != 0 {
            metrics.noDelaySockets.add(1, ordering: .relaxed)
        }
    }

    /// `LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION`: only what the front
    /// handed over (`/ws`, `/feed`, checked there), and none while shutting
    /// down. Returns true to accept.
    func acceptUpgrade(_ wsi: OpaquePointer) -> Bool {
        !stopping && acceptHandoff(wsi)
    }

    /// `LWS_CALLBACK_ESTABLISHED`: a new browser; give it a session.
    func established(_ wsi: OpaquePointer) {
        let connection = WebSocketConnection(
            id: makeID(), wsi: wsi, limits: configuration.limits,
            inbox: inbox, metrics: metrics, logger: logger)
        connections[wsi] = connection
        // A refused one only waits for its close frame to go out; it never counts as open.
        let isFeed = sessions is FeedFactory && header(wsi, WSI_TOKEN_GET_URI) == configuration.feedPath
        guard admitSession(connection, isFeed: isFeed) else { return }
        metrics.connectionsOpen.add(1, ordering: .relaxed)
        metrics.connectionsTotal.add(1, ordering: .relaxed)
        logger.info("connection \(connection.id) opened", metadata: ["peer": "\(peerAddress(wsi))"])
        if let feeds = sessions as? FeedFactory, isFeed {
            connection.makeFeed(servesProducer: true)
            connection.session = feeds.openFeed(output: connection)
        } else {
            connection.session = sessions.openSession(output: connection)
        }
        if stopping {
            connection.requestClose(code: .goingAway, reason: "server shutting down", flushFirst: false)
            lws_callback_on_writable(wsi)
        }
    }

    /// `LWS_CALLBACK_RECEIVE`: a chunk of a message. Returns the callback's
    /// result: -1 closes the connection (after `lws_close_reason`).
    func received(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let connection = connections[wsi] else { return 0 }
        let final = lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
        let binary = lws_frame_is_binary(wsi) != 0
        switch connection.assembler.append(bytes, binary: binary || connection.isFeed, final: final) {
        case .incomplete:
            return 0
        case .message(let message):
            metrics.messagesReceived.add(1, ordering: .relaxed)
            metrics.bytesReceived.add(message.count, ordering: .relaxed)
            if let refusal = admitMessage(connection) {
                return closeNow(connection, code: refusal.code, reason: refusal.reason)
            }
            // Counted before the session sees it: its answer may come back before `receive` returns.
            let pause = connection.servesProducer && connection.batchDelivered(bytes: message.count)
            connection.session?.receive(message)
            if pause {
                // The producer waits in TCP until answers go out (drainInbox reads it again).
                metrics.feedPauses.add(1, ordering: .relaxed)
                lws_rx_flow_control(wsi, 0)
            }
            return 0
        case .notBinary:
            return closeNow(connection, code: .unsupportedData, reason: "binary messages only")
        case .tooLarge:
            let limit = configuration.limits.maxMessageBytes
            return closeNow(connection, code: .messageTooBig, reason: "message larger than \(limit) bytes")
        }
    }

    /// `LWS_CALLBACK_SERVER_WRITEABLE`: write one fragment, or the close.
    func writable(_ wsi: OpaquePointer) -> Int32 {
        guard let connection = connections[wsi] else { return 0 }
        if connection.pingDue {
            connection.pingDue = false
            // A payload, echoed in the pong: lws 4.1 tells us of no empty pong.
            let payload = Array("mapwire".utf8)
            let written = sendBuffer.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + pre).update(from: payload, count: payload.count)
                return lws_write(wsi, buffer.baseAddress! + pre, payload.count, LWS_WRITE_PING)
            }
            if written < 0 { return -1 }
            if connection.hasPendingOutput { lws_callback_on_writable(wsi) }
            return 0
        }
        switch connection.nextStep(fragmentSize: configuration.limits.fragmentBytes) {
        case .idle:
            return 0
        case .close(let code, let reason):
            if connection.closeReason == nil { connection.closeReason = "\(code) \(reason)" }
            return closeNow(connection, code: code, reason: reason)
        case .write(let chunk, let isStart, let isEnd):
            let kind = connection.isFeed ? LWS_WRITE_TEXT : LWS_WRITE_BINARY
            let flags = lws_write_ws_flags(Int32(kind.rawValue), isStart ? 1 : 0, isEnd ? 1 : 0)
            let written = sendBuffer.withUnsafeMutableBufferPointer { buffer -> Int32 in
                let payload = buffer.baseAddress! + pre
                chunk.withUnsafeBufferPointer { source in
                    payload.update(from: source.baseAddress!, count: source.count)
                }
                return lws_write(wsi, payload, chunk.count, lws_write_protocol(rawValue: UInt32(flags)))
            }
            if written < Int32(chunk.count) {
                logger.debug("connection \(connection.id): write failed")
                return -1
            }
            if isEnd {
                metrics.messagesSent.add(1, ordering: .relaxed)
            }
            metrics.bytesSent.add(chunk.count, ordering: .relaxed)
            if connection.hasPendingOutput { lws_callback_on_writable(wsi) }
            return 0
        }
    }

    /// `LWS_CALLBACK_RECEIVE_PONG`: a quiet producer answered the ping.
    func pongReceived(_ wsi: OpaquePointer) {
        guard let connection = connections[wsi], connection.servesProducer else { return }
        expectFeedActivity(connection)
    }

    /// `LWS_CALLBACK_WS_PEER_INITIATED_CLOSE`: remember the browser's reason.
    func peerClosed(_ wsi: OpaquePointer, _ payload: UnsafeRawBufferPointer) {
        guard let connection = connections[wsi], connection.closeReason == nil else { return }
        if payload.count >= 2 {
            let code = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
            let reason = String(decoding: payload.dropFirst(2), as: UTF8.self)
            connection.closeReason = "peer closed \(code) \(reason)"
        } else {
            connection.closeReason = "peer closed"
        }
    }

    /// `LWS_CALLBACK_CLOSED`: the socket is gone.
    func closed(_ wsi: OpaquePointer) {
        guard let connection = connections.removeValue(forKey: wsi) else { return }
        finish(connection)
    }

    /// Tells the session once, whoever closed.
    func finish(_ connection: WebSocketConnection) {
        guard let session = connection.markClosed() else { return }
        allocatorTrim.afterClose { [metrics] in metrics.allocatorTrims.add(1, ordering: .relaxed) }
        metrics.connectionsOpen.add(-1, ordering: .relaxed)
        logger.info("connection \(connection.id) closed: \(connection.closeReason ?? "socket closed")")
        session.disconnected()
    }

    /// Sends a close frame with `code` and `reason`; the caller returns the
    /// -1 this gives back so lws drops the connection.
    func closeNow(_ connection: WebSocketConnection, code: WebSocketCloseCode, reason: String) -> Int32 {
        if [.protocolError, .unsupportedData, .messageTooBig].contains(code) {
            metrics.protocolCloses.add(1, ordering: .relaxed)
        }
        if connection.closeReason == nil { connection.closeReason = "\(code) \(reason)" }
        // A close frame carries at most 123 bytes of reason.
        var bytes = Array(reason.utf8.prefix(123))
        while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
        bytes.withUnsafeMutableBufferPointer { buffer in
            lws_close_reason(
                connection.wsi, lws_close_status(rawValue: UInt32(code.rawValue)),
                buffer.baseAddress, buffer.count)
        }
        return -1
    }

    /// A request header as a string (for the upgrade path).
    func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = lws_hdr_total_length(wsi, token)
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
