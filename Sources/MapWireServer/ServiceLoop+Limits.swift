import CLibWebSockets
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapSession
import Wire

/// The limits against clients that hold connections or flood input, at the
/// lws callbacks where they apply: accept, request headers, upgrade,
/// establish, each message, and a sweep of deadlines on every inbox drain
/// (the heartbeat wakes the loop four times a second).
extension ServiceLoop {
    /// Seconds on a monotonic clock, the unit of every deadline.
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// `LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED`: admits the socket or
    /// answers 503 on it directly and returns false (the callback then
    /// returns non-zero and lws closes it). Refusing right after accept()
    /// keeps the process below its descriptor limit, so accept() itself never
    /// fails and the listening socket never spins.
    func admitSocket(_ wsi: OpaquePointer) -> Bool {
        if stopping {
            answerAndHangUp(wsi, status: "503 Service Unavailable", error: shutdownReason, extraHeaders: "")
            return false
        }
        let peer = peerAddress(wsi)
        let deadline = Self.now() + Double(max(1, configuration.idleRequestTimeout))
        guard let refusal = connectionGate.admit(wsi, peer: peer, deadline: deadline) else { return true }
        metrics.connectionsRefused.add(1, ordering: .relaxed)
        refusalLog.note("refusing connection from \(peer): \(refusal.message)", logger: logger)
        answerAndHangUp(wsi, status: "503 Service Unavailable", error: refusal.message,
                        extraHeaders: "Retry-After: 5\r\n")
        return false
    }

    /// `LWS_CALLBACK_RAW_ADOPT`: lws turns a `CONNECT` request into a raw
    /// socket (a tunnel nobody serves, held open forever). We are no proxy:
    /// answer 405 and close. Returns the callback result.
    func refuseRawConnection(_ wsi: OpaquePointer) -> Int32 {
        logger.debug("refusing CONNECT from \(peerAddress(wsi))")
        answerAndHangUp(wsi, status: "405 Method Not Allowed", error: "CONNECT is not supported",
                        extraHeaders: "Allow: GET, HEAD, POST, DELETE\r\n")
        return -1
    }

    /// Writes a whole small HTTP answer straight to the socket, outside lws's
    /// writable cycle, for a connection that is closed right after (lws has
    /// not written on it yet, so nothing interleaves).
    private func answerAndHangUp(_ wsi: OpaquePointer, status: String, error: String, extraHeaders: String) {
        let code = Int(status.prefix { $0 != " " }) ?? 500
        let body = String(decoding: HTTPResponse.error(code, error).body, as: UTF8.self)
        let answer = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\n"
            + "X-Content-Type-Options: nosniff\r\n\(extraHeaders)"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        let fd = lws_get_socket_fd(wsi)
        guard fd >= 0 else { return }
        // The send buffer of a socket nothing was written on holds this whole
        // answer, so a non-blocking send never splits it. A peer that already
        // hung up must not raise SIGPIPE: Linux says so per send, Darwin per socket.
        #if canImport(Glibc)
        let flags = Int32(MSG_DONTWAIT | MSG_NOSIGNAL)
        #else
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        let flags = Int32(MSG_DONTWAIT)
        #endif
        _ = answer.withCString { send(fd, $0, strlen($0), flags) }
        shutdown(fd, Int32(SHUT_WR))
    }

    /// `LWS_CALLBACK_WSI_DESTROY`: every lws connection ends here, whatever closed it.
    func socketDestroyed(_ wsi: OpaquePointer) {
        connectionGate.release(wsi)
    }

    /// `LWS_CALLBACK_FILTER_HTTP_CONNECTION`: a request's headers are in, so
    /// it is past the slow-header deadline.
    func requestHeadersComplete(_ wsi: OpaquePointer) {
        connectionGate.expect(wsi, .request, by: nil)
    }

    /// `LWS_CALLBACK_HTTP_CONFIRM_UPGRADE`: only WebSocket upgrades; HTTP/2
    /// over cleartext (`Upgrade: h2c`) would bypass every check on `/ws`.
    func confirmUpgrade(_ wsi: OpaquePointer, _ name: UnsafeRawBufferPointer) -> Int32 {
        let upgrade = name.baseAddress.map {
            String(cString: $0.assumingMemoryBound(to: CChar.self)).lowercased()
        } ?? ""
        if upgrade == "websocket" { return 0 }
        logger.debug("refusing upgrade to \(upgrade) from \(peerAddress(wsi))")
        answerAndHangUp(wsi, status: "400 Bad Request", error: "upgrade to \(upgrade) is not supported",
                        extraHeaders: "")
        return -1
    }

    /// A keep-alive connection finished a response: the next request's
    /// headers have the same deadline as the first's.
    func awaitNextRequest(_ wsi: OpaquePointer) {
        connectionGate.expect(wsi, .request, by: Self.now() + Double(max(1, configuration.idleRequestTimeout)))
    }

    /// `LWS_CALLBACK_ESTABLISHED`, before a session is opened: refuses a map
    /// session over `maxSessions` with 1013 and a reason the page shows, and
    /// starts the wait for the first message. Returns false when refused.
    func admitSession(_ connection: WebSocketConnection, isFeed: Bool) -> Bool {
        let timeout = isFeed ? configuration.feedFirstMessageTimeout : configuration.firstMessageTimeout
        connectionGate.expect(connection.wsi, .firstMessage, by: Self.now() + Double(max(1, timeout)))
        if isFeed { return true }
        if connectionGate.admitSession(connection.wsi, limit: configuration.maxSessions) { return true }
        metrics.sessionsRefused.add(1, ordering: .relaxed)
        let limit = configuration.maxSessions
        let reason = "server full: \(limit) session\(limit == 1 ? "" : "s")"
        refusalLog.note("connection \(connection.id) refused: \(reason)", logger: logger)
        connection.closeReason = "1013 \(reason)"
        connection.requestClose(code: .tryAgainLater, reason: reason, flushFirst: false)
        lws_callback_on_writable(connection.wsi)
        armCloseTimer(connection)
        return false
    }

    /// Every complete message on a WebSocket: the first one ends the wait
    /// for it, and map sessions spend from their input budget. Returns the
    /// close to send when the budget is spent.
    func admitMessage(_ connection: WebSocketConnection) -> (code: WebSocketCloseCode, reason: String)? {
        if !connection.sentFirstMessage {
            connection.sentFirstMessage = true
            connectionGate.expect(connection.wsi, .firstMessage, by: nil)
        }
        if connection.isFeed || connection.inputBudget.spend(at: Self.now()) { return nil }
        metrics.inputRateCloses.add(1, ordering: .relaxed)
        let limits = configuration.limits
        return (.policyViolation, "input rate over \(limits.maxInputMessagesPerSecond) messages a second "
                      + "(burst \(limits.inputBurstMessages))")
    }

    /// Drops whatever missed its deadline: a socket still without complete
    /// request headers is killed; a WebSocket that never sent its first
    /// message is closed with 1008 so a client can tell why.
    func enforceDeadlines() {
        for (wsi, stage) in connectionGate.expired(at: Self.now()) {
            metrics.timeoutCloses.add(1, ordering: .relaxed)
            if stage == .firstMessage, let connection = connections[wsi] {
                let what = connection.isFeed ? "first message" : "HELLO"
                let seconds = connection.isFeed
                    ? configuration.feedFirstMessageTimeout : configuration.firstMessageTimeout
                let reason = "no \(what) within \(seconds) s"
                connection.closeReason = "1008 \(reason)"
                connection.requestClose(code: .policyViolation, reason: reason, flushFirst: false)
                lws_callback_on_writable(wsi)
                armCloseTimer(connection)
            } else {
                refusalLog.note("closing connection from \(connectionGate.peer(wsi) ?? "?"): request not complete "
                                + "within \(configuration.idleRequestTimeout) s", logger: logger)
                lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            }
        }
    }

    func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        lws_get_peer_simple(wsi, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
