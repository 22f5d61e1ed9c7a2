import Dispatch
import Synchronization

/// What the server does once no tab has been open for a while: forget what
/// it made for the places tabs looked at (`World.restWithNoTabOpen`). A tab
/// opened in the meantime (a reload, the next visitor) calls it off, so a
/// page that closes and opens again finds its tiles still made.
final class IdleRest: Sendable {
    /// How long no tab must be open, in seconds.
    let delay: Double
    private let action: @Sendable () -> Void
    /// Moves on at every tab opened or closed: a rest scheduled before the last move is off.
    private let changes = Atomic<UInt64>(0)
    /// Rests taken, for tests.
    private let taken = Atomic<Int>(0)
    /// Set once the server shuts down: no rest comes after that.
    private let stopped = Atomic<Bool>(false)

    init(delay: Double, action: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.action = action
    }

    var restsTaken: Int { taken.load(ordering: .relaxed) }

    /// Calls off every rest, scheduled or to come: the world is closing.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    func tabOpened() {
        changes.add(1, ordering: .relaxed)
    }

    /// A tab closed, leaving `openNow` open: with none, the rest comes after `delay` unless a tab opens first.
    func tabClosed(openNow: Int) {
        let mark = changes.add(1, ordering: .relaxed).newValue
        guard openNow == 0, !stopped.load(ordering: .relaxed) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
            guard changes.load(ordering: .relaxed) == mark, !stopped.load(ordering: .relaxed) else { return }
            action()
            taken.add(1, ordering: .relaxed)
        }
    }
}
