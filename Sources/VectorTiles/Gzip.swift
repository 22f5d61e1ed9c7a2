import CZlib

/// Gzip inflate on zlib, for tiles that MBTiles and PMTiles writers gzip and
/// for PMTiles directories and metadata.
package enum Gzip {
    /// The cap when a caller names none: far above any real tile or directory,
    /// far below what a few KB of crafted deflate stream can claim.
    package static let defaultOutputLimit = 64 << 20

    private static let chunkSize = 64 << 10

    /// Whether `bytes` start with gzip's magic number (1f 8b).
    package static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1f && iterator.next() == 0x8b
    }

    /// Inflates every gzip member in `bytes`, throwing as soon as the output would pass `outputLimit`.
    package static func inflate(_ bytes: [UInt8], outputLimit: Int = defaultOutputLimit) throws(GzipError) -> [UInt8] {
        guard bytes.count <= Int(UInt32.max) else { throw .inputTooLarge }
        var stream = z_stream()
        let started = mapwire_inflate_init_gzip(&stream)
        guard started == Z_OK else { throw .cannotStart(code: started) }
        defer { inflateEnd(&stream) }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var input = bytes
        let failure: GzipError? = input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = UInt32(inputBuffer.count)
            while true {
                let produced: Int
                let code: Int32 = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = UInt32(chunkBuffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                produced = chunkSize - Int(stream.avail_out)
                if produced > outputLimit - output.count { return .outputTooLarge(limit: outputLimit) }
                output.append(contentsOf: chunk[0..<produced])
                switch code {
                case Z_OK:
                    continue
                case Z_STREAM_END:
                    // Concatenated members are one gzip file (RFC 1952 §2.2); anything else after is corrupt.
                    guard stream.avail_in > 0 else { return nil }
                    guard inflateReset(&stream) == Z_OK else { return .corrupt("cannot reset for the next member") }
                case Z_BUF_ERROR where stream.avail_in == 0:
                    return .truncated
                default:
                    return .corrupt(stream.msg.map { String(cString: $0) } ?? "zlib error \(code)")
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}
