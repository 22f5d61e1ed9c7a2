import Synchronization

/// A thread-safe increasing counter, for ids handed out from many sessions at once.
public final class AtomicCounter: Sendable {
    private let value: Atomic<UInt64>

    public init(start: UInt64) {
        value = Atomic(start)
    }

    /// Returns the current value and advances it.
    public func next() -> UInt64 {
        value.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}

/// Ids for display-list items, unique in the process so views can be created on any session's thread.
public enum ItemID {
    private static let counter = AtomicCounter(start: 1)
    public static func next() -> UInt32 { UInt32(truncatingIfNeeded: counter.next()) }
}
