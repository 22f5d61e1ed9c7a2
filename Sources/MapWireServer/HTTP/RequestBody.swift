/// A request body collected chunk by chunk, up to a limit.
struct RequestBody {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    /// Set once more than `limit` bytes arrived; later chunks are ignored.
    private(set) var overflowed = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds a chunk; returns false when the body is now over the limit.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if overflowed { return false }
        if bytes.count + chunk.count > limit {
            overflowed = true
            bytes = []
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }

    mutating func append(_ chunk: [UInt8]) -> Bool {
        chunk.withUnsafeBytes { append($0) }
    }
}
