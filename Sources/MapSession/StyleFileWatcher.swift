import Dispatch
import Foundation
import Synchronization

/// Watches a style file for changes by its modification time and size,
/// checked every `interval` seconds: an editor that saves by replacing the
/// file is seen as well as one that writes it in place, with no platform's
/// file events to depend on.
///
/// Unchecked: the timer is set up once, by whoever made the watcher, right
/// after making it, and only cancelled after (a dispatch source may be
/// cancelled from any thread); the stamp is behind a lock.
final class StyleFileWatcher: @unchecked Sendable {
    private let path: String
    private let interval: Double
    /// Made by `start`: a dispatch source must not be released before it is resumed.
    private var timer: (any DispatchSourceTimer)?
    private let last: Mutex<FileStamp?>

    private struct FileStamp: Equatable {
        var modified: Date
        var size: Int
    }

    /// Watches `path` once `start` is called, every `interval` seconds.
    init(path: String, interval: Double = 1) {
        self.path = path
        self.interval = interval
        last = Mutex(Self.stamp(of: path))
    }

    /// Calls `onChange`, on a queue of its own, after each change seen.
    func start(onChange: @escaping @Sendable () -> Void) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "mapwire.style-watch"))
        let milliseconds = Int(interval * 1000)
        timer.schedule(
            deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds),
            leeway: .milliseconds(milliseconds / 10))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            if self.check() { onChange() }
        }
        timer.resume()
        self.timer = timer
    }

    /// Whether the file changed since the last look. A file gone for a moment (an editor's save) is not a
    /// change: the next look sees the new one.
    func check() -> Bool {
        guard let now = Self.stamp(of: path) else { return false }
        return last.withLock { last in
            defer { last = now }
            return last != nil && last != now
        }
    }

    func stop() {
        timer?.cancel()
    }

    private static func stamp(of path: String) -> FileStamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return FileStamp(modified: modified, size: (attributes[.size] as? Int) ?? 0)
    }
}
