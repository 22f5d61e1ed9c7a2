/// Why a gzip member could not be inflated.
package enum GzipError: Error, Equatable, Sendable {
    /// The output would pass the caller's cap: a bomb, or a tile far larger than any real one.
    case outputTooLarge(limit: Int)
    /// zlib refused the data (bad header, bad checksum, bad deflate block), with its message.
    case corrupt(String)
    /// The data ended before the gzip trailer.
    case truncated
    /// zlib could not start (out of memory).
    case cannotStart(code: Int32)
    /// More than 4 GiB of input: zlib counts input in 32 bits.
    case inputTooLarge
}
