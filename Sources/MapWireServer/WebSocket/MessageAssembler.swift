/// Puts incoming WebSocket messages back together from the chunks
/// libwebsockets delivers (4 KB by default, regardless of frame boundaries).
///
/// Pure value type: the transport feeds it bytes plus the flags lws reports and
/// acts on the event it returns, so the bounds are tested without sockets.
struct MessageAssembler {
    /// What one chunk completed.
    enum Event: Equatable {
        /// More chunks belong to the same message.
        case incomplete
        /// A whole binary message.
        case message([UInt8])
        /// The message outgrew `limit`; the connection should close with 1009.
        case tooLarge
        /// A text message; the protocol is binary only, close with 1003.
        case notBinary
    }

    /// The largest message accepted, in bytes.
    let limit: Int
    private var buffer: [UInt8] = []
    private var inMessage = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds one chunk. `binary` is the opcode of the message's first frame;
    /// `final` is true when this chunk ends the message (last fragment and no
    /// payload left in the current frame).
    mutating func append(_ chunk: UnsafeRawBufferPointer, binary: Bool, final: Bool) -> Event {
        if !inMessage {
            if !binary { return fail(.notBinary) }
            // Common case: a small message in a single chunk needs no buffer.
            if final {
                return chunk.count <= limit ? .message(Array(chunk)) : .tooLarge
            }
            inMessage = true
        }
        if buffer.count + chunk.count > limit { return fail(.tooLarge) }
        buffer.append(contentsOf: chunk)
        guard final else { return .incomplete }
        let message = buffer
        buffer = []
        inMessage = false
        return .message(message)
    }

    /// Convenience for tests and callers holding an array.
    mutating func append(_ chunk: [UInt8], binary: Bool, final: Bool) -> Event {
        chunk.withUnsafeBytes { append($0, binary: binary, final: final) }
    }

    /// Bytes held for an unfinished message (for memory accounting).
    var bufferedBytes: Int { buffer.count }

    private mutating func fail(_ event: Event) -> Event {
        buffer = []
        inMessage = false
        return event
    }
}
