import CLibWebSockets
import Dispatch
import SessionTransport
import Wire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The limits against clients that hold connections or flood input, at the
/// lws callbacks where they apply: accept, request headers, upgrade,
/// establish, each message, and a sweep of deadlines on every inbox drain
/// (the heartbeat wakes the loop four times a second).
extension ServiceLoop {
    /// Seconds on a monotonic clock, the unit of every deadline.
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// `LWS_CALLBACK_RAW_ADOPT` on the HTTP port: admits the socket or
    /// answers 503 on it directly and returns false (the callback then
    /// returns non-zero and lws closes it). Refusing right after accept()
    /// keeps the process below its descriptor limit, so accept() itself never
    /// fails and the listening socket never spins.
    func admitSocket(_ wsi: OpaquePointer) -> Bool {
        if stopping {
            answerAndHangUp(wsi, Refusal(503, shutdownReason))
            return false
        }
        let peer = peerAddress(wsi)
        let deadline = Self.now() + Double(max(1, configuration.idleRequestTimeout))
        guard let refusal = connectionGate.admit(wsi, peer: peer, deadline: deadline) else { return true }
        metrics.connectionsRefused.add(1, ordering: .relaxed)
        refusalLog.note("refusing connection from \(peer): \(refusal.message)", logger: logger)
        var answer = Refusal(503, refusal.message)
        answer.headers.append(("Retry-After", "5"))
        answerAndHangUp(wsi, answer)
        return false
    }

    /// Writes a whole small answer straight to the socket, outside lws's
    /// writable cycle, for a connection that is closed right after (nothing
    /// was written on it yet, so nothing interleaves).
    private func answerAndHangUp(_ wsi: OpaquePointer, _ refusal: Refusal) {
        let answer = HTTPAnswer(refusal).serialized(omitBody: false, closes: true, common: frontEnvironment.common)
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
        _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
        shutdown(fd, Int32(SHUT_WR))
    }

    /// `LWS_CALLBACK_WSI_DESTROY`: every lws connection ends here, whatever closed it.
    func socketDestroyed(_ wsi: OpaquePointer) {
        connectionGate.release(wsi)
    }

    /// A keep-alive connection finished a response: the next request's
    /// head has the same deadline as the first's, however slowly it trickles in.
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
        if connection.servesProducer {
            connection.sentFirstMessage = true
            expectFeedActivity(connection)
            return nil
        }
        if connection.isFeed { return nil }
        if !connection.sentFirstMessage {
            connection.sentFirstMessage = true
            connectionGate.expect(connection.wsi, .firstMessage, by: nil)
        }
        if connection.inputBudget.spend(at: Self.now()) { return nil }
        metrics.inputRateCloses.add(1, ordering: .relaxed)
        let limits = configuration.limits
        return (
            .policyViolation,
            "input rate over \(limits.maxInputMessagesPerSecond) messages a second "
                + "(burst \(limits.inputBurstMessages))"
        )
    }

    /// Drops whatever missed its deadline: a socket still without complete
    /// request headers is killed; a WebSocket that never sent its first
    /// message is closed with 1008 so a client can tell why.
    func enforceDeadlines() {
        for (wsi, stage) in connectionGate.expired(at: Self.now()) {
            if let front = fronts[wsi] {
                if front.phase != .closing && front.phase != .lingering {
                    metrics.timeoutCloses.add(1, ordering: .relaxed)
                    refusalLog.note(
                        "closing connection from \(connectionGate.peer(wsi) ?? "?"): request not "
                            + "complete within \(configuration.idleRequestTimeout) s", logger: logger)
                }
                frontTimedOut(wsi, front)
                continue
            }
            if stage == .feedQuiet || stage == .feedIdle, let connection = connections[wsi] {
                feedWentQuiet(connection, pinged: stage == .feedIdle)
                continue
            }
            metrics.timeoutCloses.add(1, ordering: .relaxed)
            if stage == .firstMessage, let connection = connections[wsi] {
                let what = connection.isFeed ? "first message" : "HELLO"
                let seconds =
                    connection.isFeed
                    ? configuration.feedFirstMessageTimeout : configuration.firstMessageTimeout
                let reason = "no \(what) within \(seconds) s"
                connection.closeReason = "1008 \(reason)"
                connection.requestClose(code: .policyViolation, reason: reason, flushFirst: false)
                lws_callback_on_writable(wsi)
                armCloseTimer(connection)
            } else {
                refusalLog.note(
                    "closing connection from \(connectionGate.peer(wsi) ?? "?"): request not complete "
                        + "within \(configuration.idleRequestTimeout) s", logger: logger)
                lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            }
        }
    }

    /// A feed batch or pong arrived: the idle time starts again.
    func expectFeedActivity(_ connection: WebSocketConnection) {
        let half = Double(max(1, configuration.feedIdleTimeout)) / 2
        connectionGate.expect(connection.wsi, .feedQuiet, by: Self.now() + half)
    }

    /// A feed said nothing for half its idle time: ping it; pinged and still
    /// silent, close it with 1008. One waiting for its answers is not idle.
    private func feedWentQuiet(_ connection: WebSocketConnection, pinged: Bool) {
        let half = Double(max(1, configuration.feedIdleTimeout)) / 2
        guard connection.isQuietFeed else {
            connectionGate.expect(connection.wsi, .feedQuiet, by: Self.now() + half)
            return
        }
        if !pinged {
            connection.pingDue = true
            lws_callback_on_writable(connection.wsi)
            connectionGate.expect(connection.wsi, .feedIdle, by: Self.now() + half)
            return
        }
        metrics.timeoutCloses.add(1, ordering: .relaxed)
        let reason = "no batch and no pong within \(configuration.feedIdleTimeout) s"
        connection.closeReason = "1008 \(reason)"
        connection.requestClose(code: .policyViolation, reason: reason, flushFirst: false)
        lws_callback_on_writable(connection.wsi)
        armCloseTimer(connection)
    }

    func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        lws_get_peer_simple(wsi, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the socket's peer is 127.0.0.0/8, `::1` or `::ffff:127.x`.
    func peerIsLoopback(_ wsi: OpaquePointer) -> Bool {
        var storage = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = lws_get_socket_fd(wsi)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &size) == 0 }
        }
        guard found else { return false }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { raw -> Bool in
            switch family {
            case AF_INET:
                let address = raw.load(as: sockaddr_in.self).sin_addr.s_addr
                return UInt32(bigEndian: address) >> 24 == 127
            case AF_INET6:
                let bytes = withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
                let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
                let isMappedLoopback =
                    bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF
                    && bytes[11] == 0xFF && bytes[12] == 127
                return isLoopback || isMappedLoopback
            default:
                return false
            }
        }
    }
}
