import Synchronization

/// A thread-safe increasing counter, for ids handed out from many sessions at once.
package final class AtomicCounter: Sendable {
    private let value: Atomic<UInt64>

    package init(start: UInt64) {
        value = Atomic(start)
    }

    /// Returns the current value and advances it.
    package func next() -> UInt64 {
        value.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Returns the current value and advances it by `count`: `count` values in a row, taken at once.
    package func next(_ count: UInt64) -> UInt64 {
        value.wrappingAdd(count, ordering: .relaxed).oldValue
    }
}

/// Ids for display-list items, unique in the process so views can be created on any session's thread.
///
/// Every `View` has one already (`View.id`); a custom view takes more here
/// for the extra items it appends in `willRenderContent(into:)`, and keeps
/// them for its life so the browser sees the same items change.
public enum ItemID {
    private static let counter = AtomicCounter(start: 1)
    /// A fresh item id, never handed out before in this process.
    public static func next() -> UInt32 { UInt32(truncatingIfNeeded: counter.next()) }

    /// `count` fresh ids in a row, from the one returned (add with `&+`): a street tile names
    /// thousands of roads, each with a few ids, and one atomic step serves all of a name's.
    package static func next(count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: counter.next(UInt64(max(count, 0))))
    }
}
