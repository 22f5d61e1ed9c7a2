#if canImport(Glibc)
import Glibc
#endif

/// A short piece of work that every watching map waits for, run ahead of
/// the process's bulk work where the system allows it.
///
/// On Linux each thread has its own nice value, and a process that may raise
/// priorities (root, or `CAP_SYS_NICE`) can lower it for one thread for a
/// moment. Elsewhere, or where the system refuses, the work runs as it is.
package enum ThreadPriority {
    /// How far `raised(_:)` lowers the nice value: well ahead of threads at
    /// the default 0 without reaching the range kept for the system's own.
    package static let boost: Int32 = 10

    /// Runs `body` on the calling thread with its nice value lowered by
    /// `boost` where permitted, and restores it after. Returns `body`'s
    /// result and whether the priority was raised for it.
    @discardableResult
    package static func raised<T>(_ body: () throws -> T) rethrows -> (result: T, wasRaised: Bool) {
        #if os(Linux)
        // `who` 0 with PRIO_PROCESS names the calling thread on Linux, not the whole process.
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let before = getpriority(which, 0)
        guard errno == 0, setpriority(which, 0, before - boost) == 0 else { return (try body(), false) }
        defer { setpriority(which, 0, before) }
        return (try body(), true)
        #else
        return (try body(), false)
        #endif
    }

    /// Sets the calling thread's nice value where permitted (a lower value,
    /// a higher priority, may need the permission `raised(_:)` does);
    /// whether it is that value now.
    @discardableResult
    package static func setNiceValue(_ value: Int32) -> Bool {
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        return getpriority(which, 0) == value || setpriority(which, 0, value) == 0
        #else
        return value == 0
        #endif
    }

    /// The calling thread's nice value (0 where threads have none of their own).
    package static var niceValue: Int32 {
        #if os(Linux)
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        return 0
        #endif
    }
}
