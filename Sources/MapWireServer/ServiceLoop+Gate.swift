import CLibWebSockets
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the `RequestGate` meets lws: reading a parsed request head, and
/// answering a refusal on the spot. lws calls `FILTER_HTTP_CONNECTION` for
/// every HTTP request (static files included) once its head is parsed and
/// before any body is read, and `FILTER_PROTOCOL_CONNECTION` for upgrades.
extension ServiceLoop {
    /// `LWS_CALLBACK_FILTER_HTTP_CONNECTION`: 0 serves the request; a refusal
    /// is written here and the non-zero result closes the connection.
    func filterHTTPRequest(_ wsi: OpaquePointer) -> Int32 {
        if let earlier = exchanges[wsi] {
            // lws parses a pipelined request while the one before it is still
            // with the handler, and rebinds the connection under it: answer
            // the first, ignore the rest, close (clients then retry them).
            earlier.pipelined = true
            earlier.closeAfterResponse = true
            return 0
        }
        guard let head = requestHead(wsi) else { return refuseNow(wsi, Refusal(400, "malformed request line")) }
        guard let refusal = gate.check(head) else { return 0 }
        logger.info("refused \(head.method) \(head.path.prefix(200)): \(refusal.status)")
        return refuseNow(wsi, refusal)
    }

    /// The upgrade half, called from `acceptUpgrade`: false after writing
    /// the refusal (the caller then refuses the upgrade, which closes).
    func admitUpgrade(_ wsi: OpaquePointer, isFeed: Bool) -> Bool {
        guard let head = requestHead(wsi) else { return false }
        guard let refusal = gate.checkUpgrade(head, isFeed: isFeed) else { return true }
        logger.info("refused WebSocket upgrade at \(head.path.prefix(200)): \(refusal.status)")
        _ = refuseNow(wsi, refusal)
        return false
    }

    /// The head as lws parsed it; nil without a method and target.
    func requestHead(_ wsi: OpaquePointer) -> RequestHead? {
        var uri: UnsafeMutablePointer<CChar>?
        var uriLength: Int32 = 0
        let methodIndex = lws_http_get_uri_and_method(wsi, &uri, &uriLength)
        guard methodIndex >= 0, let uri, let method = HTTPRouting.methodName(lwsIndex: methodIndex) else {
            return nil
        }
        let path = String(decoding: UnsafeRawBufferPointer(start: uri, count: Int(uriLength)), as: UTF8.self)
        var head = RequestHead(method: method, path: path)
        head.host = header(wsi, WSI_TOKEN_HOST)
        head.origin = header(wsi, WSI_TOKEN_ORIGIN)
        head.authorization = header(wsi, WSI_TOKEN_HTTP_AUTHORIZATION)
        head.contentType = header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE)
        head.contentLength = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH)
        if head.contentLength != nil {
            head.contentLengthFields = lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH, 1) > 0 ? 2 : 1
        }
        head.transferEncoding = header(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING)
        let forwarded = lws_hdr_total_length(wsi, WSI_TOKEN_X_FORWARDED_FOR) > 0
            || lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_X_REAL_IP) > 0
            || lws_hdr_custom_length(wsi, "forwarded:", 10) > 0
        head.peerIsLoopback = !forwarded && peerIsLoopback(wsi)
        // lws cuts a value at its token limit; reaching it means it was longer.
        for index in 0..<UInt32(WSI_TOKEN_COUNT.rawValue) {
            let token = lws_token_indexes(rawValue: index)
            let length = Int(lws_hdr_total_length(wsi, token))
            if Self.uriTokens.contains(index) {
                if length > RequestGate.maxURIBytes { head.uriTooLong = true }
            } else if length > RequestGate.maxHeaderBytes, head.oversizedHeader == nil {
                head.oversizedHeader = lws_token_to_string(token).map { String(cString: $0).uppercased() }
                    .map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 } ?? "#\(index)"
            }
        }
        return head
    }

    /// The request line's target as lws stores it: one token per method, and
    /// the query's `name=value` fragments.
    static let uriTokens: Set<UInt32> = Set([
        WSI_TOKEN_GET_URI, WSI_TOKEN_POST_URI, WSI_TOKEN_OPTIONS_URI, WSI_TOKEN_PUT_URI, WSI_TOKEN_PATCH_URI,
        WSI_TOKEN_DELETE_URI, WSI_TOKEN_HEAD_URI, WSI_TOKEN_CONNECT, WSI_TOKEN_HTTP_URI_ARGS,
    ].map(\.rawValue))

    /// Writes the refusal as a complete JSON answer with `Connection: close`
    /// and returns the non-zero callback result that closes the socket.
    func refuseNow(_ wsi: OpaquePointer, _ refusal: Refusal) -> Int32 {
        let response = refusal.response
        var headers = refusal.headers
        headers.append(("Cache-Control", "no-store"))
        headers.append(("Connection", "close"))
        var buffer = [UInt8](repeating: 0, count: pre + 2048 + response.body.count)
        let headLength = buffer.withUnsafeMutableBufferPointer { buffer -> Int in
            let start = buffer.baseAddress! + pre
            let end = buffer.baseAddress! + pre + 2048
            var position: UnsafeMutablePointer<UInt8>? = start
            guard lws_add_http_common_headers(wsi, UInt32(response.status), response.contentType,
                                              lws_filepos_t(response.body.count), &position, end) == 0 else {
                return -1
            }
            for (name, value) in headers {
                let nameBytes = Array((name.lowercased() + ":").utf8) + [0]
                let added = Array(value.utf8).withUnsafeBufferPointer { bytes in
                    lws_add_http_header_by_name(wsi, nameBytes, bytes.baseAddress, Int32(bytes.count),
                                                &position, end)
                }
                guard added == 0 else { return -1 }
            }
            guard lws_finalize_http_header(wsi, &position, end) == 0, let position else { return -1 }
            return position - start
        }
        guard headLength > 0 else { return -1 }
        buffer.withUnsafeMutableBufferPointer { buffer in
            let start = buffer.baseAddress! + pre
            _ = lws_write(wsi, start, headLength, LWS_WRITE_HTTP_HEADERS)
            let body = start + headLength + pre
            response.body.withUnsafeBufferPointer { body.update(from: $0.baseAddress!, count: $0.count) }
            _ = lws_write(wsi, body, response.body.count, LWS_WRITE_HTTP_FINAL)
        }
        return -1
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
                let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF
                    && bytes[11] == 0xFF && bytes[12] == 127
                return isLoopback || isMappedLoopback
            default:
                return false
            }
        }
    }
}

extension RequestGate {
    /// Gives every header a token limit, so a giant value is cut short and
    /// answered 414 or 431 instead of overflowing lws's header space, which
    /// lws answers by hanging up.
    static func installHeadLimits(in info: inout lws_context_creation_info, arena: CArena) {
        var limits = lws_token_limits()
        withUnsafeMutableBytes(of: &limits.token_limit) { raw in
            let slots = raw.bindMemory(to: UInt16.self)
            for index in slots.indices {
                let isURI = ServiceLoop.uriTokens.contains(UInt32(index))
                slots[index] = UInt16((isURI ? maxURIBytes : maxHeaderBytes) + 1)
            }
        }
        info.token_limits = UnsafePointer(arena.store([limits]))
        info.max_http_header_data2 = UInt32(headerSpaceBytes)
    }
}
