import CLibWebSockets

/// The headers a `WebSocketClient` adds to its handshake.
extension ServiceLoop {
    /// `LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER`: `input` is lws's write
    /// position (a `char **`) and `length` the room left. Adds the bearer
    /// token, if the connect asked for one; non-zero fails the connection.
    func appendClientHeaders(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let input, let raw = lws_get_opaque_user_data(wsi) else { return 0 }
        let request = Unmanaged<ClientRequest>.fromOpaque(raw).takeUnretainedValue()
        guard let token = request.bearerToken else { return 0 }
        let position = input.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
        guard let start = position.pointee else { return -1 }
        let value = Array("Bearer \(token)".utf8)
        return value.withUnsafeBufferPointer { bytes in
            lws_add_http_header_by_token(
                wsi, WSI_TOKEN_HTTP_AUTHORIZATION, bytes.baseAddress, Int32(bytes.count),
                position, start + length)
        } == 0 ? 0 : -1
    }
}
