import CZlib

/// Gzip compression for tests: members to inflate, bombs to refuse.
enum GzipWriter {
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(mapwire_deflate_init_gzip(&stream, Z_BEST_COMPRESSION) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 32)
        let written = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = UInt32(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = UInt32(outputBuffer.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outputBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<written])
    }
}
