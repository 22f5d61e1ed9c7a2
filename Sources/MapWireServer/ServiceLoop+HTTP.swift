import CLibWebSockets
import Dispatch
import Logging
import MapSession

/// The dynamic HTTP side of the service loop. Static files never come here:
/// the `LWSMPRO_FILE` mount serves them inside lws.
///
/// The handler runs on a global queue, not on the service thread, so a slow
/// answer (a big annotation list) never stalls the map sockets; its result
/// comes back through the inbox and is written in chunks.
extension ServiceLoop {
    /// Response body bytes written per writable callback.
    static let httpChunkBytes = 16 * 1024

    /// `LWS_CALLBACK_HTTP` on one of the dynamic mounts. Returns the callback
    /// result (non-zero closes the connection).
    func httpRequest(_ wsi: OpaquePointer) -> Int32 {
        metrics.httpRequests.add(1, ordering: .relaxed)
        if let earlier = exchanges[wsi], earlier.pipelined { return 0 }
        var uri: UnsafeMutablePointer<CChar>?
        var uriLength: Int32 = 0
        let methodIndex = lws_http_get_uri_and_method(wsi, &uri, &uriLength)
        guard methodIndex >= 0, let uri, let method = HTTPRouting.methodName(lwsIndex: methodIndex) else {
            return lws_return_http_status(wsi, 400, nil) != 0 ? -1 : 0
        }
        let path = String(decoding: UnsafeRawBufferPointer(start: uri, count: Int(uriLength)), as: UTF8.self)
        let query = queryString(wsi)
        let contentType = header(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE)
        let request = HTTPRequest(method: method, path: path, query: query, contentType: contentType,
                                  accept: header(wsi, WSI_TOKEN_HTTP_ACCEPT))
        let bodyLimit = AccessPolicy.bodyLimit(method: method, path: path, contentType: contentType,
                                               limits: configuration.limits)
        let exchange = HTTPExchange(id: makeID(), wsi: wsi, request: request, bodyLimit: bodyLimit)
        exchange.consumer = http.bodyConsumer(for: request)
        if let stale = exchanges[wsi] { exchangesByID[stale.id] = nil }
        exchanges[wsi] = exchange
        exchangesByID[exchange.id] = exchange
        logger.debug("\(method) \(path)")

        let contentLength = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).flatMap { Int($0) }
        let chunked = header(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING)?.lowercased().contains("chunked") ?? false
        if let contentLength, contentLength > bodyLimit {
            refuseBody(exchange)
        } else if HTTPRouting.expectsBody(contentLength: contentLength, chunked: chunked) {
            // Wait for LWS_CALLBACK_HTTP_BODY / _BODY_COMPLETION.
        } else {
            dispatch(exchange)
        }
        return 0
    }

    /// `LWS_CALLBACK_HTTP_BODY`: a chunk of the request body.
    func httpBody(_ wsi: OpaquePointer, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let exchange = exchanges[wsi], !exchange.dispatched, exchange.response == nil else { return 0 }
        if let consumer = exchange.consumer {
            exchange.consumedBytes += bytes.count
            if exchange.consumedBytes > exchange.body.limit {
                refuseBody(exchange)
                return 0
            }
            exchange.consumerPiece.append(contentsOf: bytes)
            if exchange.consumerPiece.count >= HTTPExchange.consumerPieceBytes {
                consumer.consume(exchange.consumerPiece)
                exchange.consumerPiece.removeAll(keepingCapacity: true)
            }
            return 0
        }
        if !exchange.body.append(bytes) { refuseBody(exchange) }
        return 0
    }

    /// `LWS_CALLBACK_HTTP_BODY_COMPLETION`: the body is complete.
    func httpBodyComplete(_ wsi: OpaquePointer) -> Int32 {
        guard let exchange = exchanges[wsi], !exchange.dispatched, exchange.response == nil else { return 0 }
        dispatch(exchange)
        return 0
    }

    /// The handler's answer is back (from the inbox): write it when lws says
    /// the socket is writable. lws never says so again for a connection on
    /// which it parsed a pipelined request meanwhile, so that answer is
    /// written at once, as far as the socket takes it, and the connection
    /// closes; the requests after it are never answered (clients retry them).
    func responseArrived(_ exchange: HTTPExchange, _ response: HTTPResponse) {
        exchange.response = response
        guard exchange.pipelined else {
            lws_callback_on_writable(exchange.wsi)
            return
        }
        exchange.headersSent = true
        if writeHeaders(exchange.wsi, response), exchange.request.method != "HEAD" {
            // lws sends at most 4 KB a write and keeps the rest for a writable
            // callback that never comes here: go on while the socket takes it.
            while exchange.bodyOffset < response.body.count, lws_send_pipe_choked(exchange.wsi) == 0,
                  let (chunk, isLast) = exchange.nextBodyChunk(max: 4096) {
                let kind = isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP
                let written = sendBuffer.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    let payload = buffer.baseAddress! + pre
                    chunk.withUnsafeBufferPointer { payload.update(from: $0.baseAddress!, count: $0.count) }
                    return lws_write(exchange.wsi, payload, chunk.count, kind)
                }
                if written < Int32(chunk.count) { break }
            }
            if exchange.bodyOffset < response.body.count {
                logger.info("pipelined answer cut after \(exchange.bodyOffset) of \(response.body.count) bytes")
            }
        }
        exchange.pipelined = false
        httpClosed(exchange.wsi)
        lws_set_timeout(exchange.wsi, PENDING_TIMEOUT_CLOSE_SEND, Int32(LWS_TO_KILL_ASYNC))
    }

    /// `LWS_CALLBACK_HTTP_WRITEABLE`: headers first, then the body in chunks.
    /// Returns nil when the connection is not one of ours (a static file).
    func httpWritable(_ wsi: OpaquePointer) -> Int32? {
        guard let exchange = exchanges[wsi] else { return nil }
        guard let response = exchange.response else { return 0 }
        if !exchange.headersSent {
            exchange.headersSent = true
            if !writeHeaders(wsi, response) { return -1 }
            if response.body.isEmpty || exchange.request.method == "HEAD" {
                return completeExchange(exchange)
            }
            lws_callback_on_writable(wsi)
            return 0
        }
        guard let (chunk, isLast) = exchange.nextBodyChunk(max: Self.httpChunkBytes) else { return 0 }
        let kind = isLast ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP
        let written = sendBuffer.withUnsafeMutableBufferPointer { buffer -> Int32 in
            let payload = buffer.baseAddress! + pre
            chunk.withUnsafeBufferPointer { payload.update(from: $0.baseAddress!, count: $0.count) }
            return lws_write(wsi, payload, chunk.count, kind)
        }
        if written < Int32(chunk.count) { return -1 }
        if isLast { return completeExchange(exchange) }
        lws_callback_on_writable(wsi)
        return 0
    }

    /// `LWS_CALLBACK_CLOSED_HTTP` / `LWS_CALLBACK_HTTP_DROP_PROTOCOL`.
    func httpClosed(_ wsi: OpaquePointer) {
        if let exchange = exchanges.removeValue(forKey: wsi) {
            exchangesByID[exchange.id] = nil
        }
    }

    /// `LWS_CALLBACK_HTTP_DROP_PROTOCOL`: lws rebinds for the next request;
    /// an exchange still owed an answer (pipelined) stays until it is sent.
    func httpProtocolDropped(_ wsi: OpaquePointer) {
        if exchanges[wsi]?.pipelined == true { return }
        httpClosed(wsi)
    }

    /// lws splits the query into `name=value` fragments (already
    /// percent-decoded); join them back with `&`.
    private func queryString(_ wsi: OpaquePointer) -> String {
        var parts: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        var index: Int32 = 0
        while lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index) >= 0 {
            parts.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            index += 1
        }
        return parts.joined(separator: "&")
    }

    private func dispatch(_ exchange: HTTPExchange) {
        exchange.dispatched = true
        exchange.request.body = exchange.body.bytes
        let (request, id, http, inbox) = (exchange.request, exchange.id, self.http, self.inbox)
        let answer: @Sendable () -> Void
        let bytes: Int
        if let consumer = exchange.consumer {
            if !exchange.consumerPiece.isEmpty { consumer.consume(exchange.consumerPiece) }
            exchange.consumerPiece = []
            bytes = exchange.consumedBytes
            answer = { inbox.post(response: consumer.finish(), for: id) }
        } else {
            bytes = request.body.count
            answer = { inbox.post(response: HTTPRouting.answer(request, handler: http), for: id) }
        }
        if bytes < BulkRequestQueue.threshold {
            DispatchQueue.global(qos: .userInitiated).async(execute: answer)
        } else if !BulkRequestQueue.shared.submit(bytes: bytes, answer) {
            exchange.response = .error(503, "too many large requests in progress; retry shortly")
            lws_callback_on_writable(exchange.wsi)
        }
    }

    /// Answers 413 without reading the rest of the body, then hangs up so the
    /// unread bytes are never parsed as a next request.
    private func refuseBody(_ exchange: HTTPExchange) {
        exchange.dispatched = true
        exchange.closeAfterResponse = true
        exchange.response = HTTPRouting.bodyTooLarge(limit: exchange.body.limit)
        logger.info("refused \(exchange.request.method) \(exchange.request.path): body too large")
        lws_callback_on_writable(exchange.wsi)
    }

    private func completeExchange(_ exchange: HTTPExchange) -> Int32 {
        httpClosed(exchange.wsi)
        if exchange.closeAfterResponse { return -1 }
        awaitNextRequest(exchange.wsi)
        // Ready for the next request on a keep-alive connection, or close.
        return lws_http_transaction_completed(exchange.wsi) != 0 ? -1 : 0
    }

    private func writeHeaders(_ wsi: OpaquePointer, _ response: HTTPResponse) -> Bool {
        var buffer = [UInt8](repeating: 0, count: pre + 1024)
        return buffer.withUnsafeMutableBufferPointer { buffer -> Bool in
            let start = buffer.baseAddress! + pre
            let end = buffer.baseAddress! + buffer.count - 1
            var position: UnsafeMutablePointer<UInt8>? = start
            let noStore = Array("no-store".utf8)
            if lws_add_http_common_headers(wsi, UInt32(response.status), response.contentType,
                                           lws_filepos_t(response.body.count), &position, end) != 0 {
                return false
            }
            if noStore.withUnsafeBufferPointer({
                lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, $0.baseAddress,
                                             Int32($0.count), &position, end)
            }) != 0 {
                return false
            }
            return lws_finalize_write_http_header(wsi, start, &position, end) == 0
        }
    }
}
