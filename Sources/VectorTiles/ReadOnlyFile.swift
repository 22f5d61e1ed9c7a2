import Foundation

/// A file descriptor read with `pread`, which takes its own offset and so
/// lets many threads read one file without a lock. Closed when released.
final class ReadOnlyFile: Sendable {
    let size: UInt64
    let path: String
    private let descriptor: Int32

    init(path: String) throws(TileArchiveError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
        size = UInt64(status.st_size)
    }

    deinit { close(descriptor) }

    /// The bytes in `range`, which the caller has checked lies inside the file.
    func read(_ range: Range<UInt64>) throws(TileArchiveError) -> [UInt8] {
        guard range.upperBound <= size else { throw .invalidHeader("a read past the end of the file") }
        let count = Int(range.count)
        var done = 0
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while done < count {
                let got = pread(
                    descriptor, buffer.baseAddress! + done, count - done, off_t(range.lowerBound) + off_t(done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else {
                    failure = got < 0 ? errno : EIO
                    break
                }
                done += got
            }
            initialized = done
        }
        guard failure == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(failure))) }
        return bytes
    }
}
