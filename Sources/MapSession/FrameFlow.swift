import LiveWorld
import MapHTTPAPI
import SessionTransport
import Synchronization

/// Flow control for one session's frames: at most `window` frames the browser
/// has not acknowledged. Changes made while the window is full wait in the
/// session's state and go out coalesced in one frame after the next ACK, so a
/// slow client gets the latest state, never a backlog.
///
/// Confined to the session's queue, except `acks`, which the transport's
/// thread updates directly (`MapSession.receive`).
struct FrameFlow {
    static let window: UInt32 = 2

    let acks: FrameAcks
    private(set) var lastSent: UInt32 = 0
    /// Something changed that the browser has not been sent.
    var isDirty = false

    init(acks: FrameAcks) {
        self.acks = acks
    }

    var inFlight: UInt32 { lastSent - acks.lastAcked }
    var canSend: Bool { inFlight < Self.window }

    /// Numbers the next frame.
    mutating func nextFrame() -> UInt32 {
        lastSent += 1
        acks.didSend(lastSent)
        return lastSent
    }

    /// Takes an ACK; acknowledgements of frames never sent, or older than the
    /// last one, change nothing.
    func acknowledge(_ frame: UInt32) {
        acks.take(frame)
    }

    /// Whether a frame may go out now. When the window is full, asks the next
    /// ACK to wake the session, and checks again in case one slipped in between.
    func mayNotSendUntilWoken() -> Bool {
        if canSend { return false }
        acks.wantWake()
        return !(canSend && acks.claimWake())
    }
}

/// A session's acknowledgements, shared between its queue and the
/// transport's thread.
///
/// Every frame is acknowledged, so half of all the messages a busy session
/// receives are ACKs, and an ACK changes nothing but the window. Taking them on
/// the transport's thread saves a hop to the session's queue (a thread wake-up)
/// per frame; the session is woken only when a change waits for the window.
final class FrameAcks: Sendable {
    private let sent = Atomic<UInt32>(0)
    private let acked = Atomic<UInt32>(0)
    private let wakeWanted = Atomic<Bool>(false)

    /// The newest frame the browser acknowledged.
    var lastAcked: UInt32 { acked.load(ordering: .acquiring) }

    /// Session queue: frame `number` went out.
    func didSend(_ number: UInt32) {
        sent.store(number, ordering: .releasing)
    }

    /// Records an ACK of a frame that was sent and is newer than the last one
    /// acknowledged; returns whether it did (false for anything else, which
    /// then changes nothing).
    @discardableResult
    func take(_ frame: UInt32) -> Bool {
        guard frame <= sent.load(ordering: .acquiring) else { return false }
        var current = acked.load(ordering: .relaxed)
        while frame > current {
            let (exchanged, original) = acked.compareExchange(
                expected: current, desired: frame, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Session queue: wake me at the next ACK, a change waits for the window.
    func wantWake() {
        wakeWanted.store(true, ordering: .releasing)
    }

    /// Takes the wake request, if one is standing: true for whichever side
    /// gets there first. The transport's thread claims it after an ACK (and
    /// then wakes the session); the session's queue claims it when the
    /// window opened before any ACK did (and then needs no wake-up).
    func claimWake() -> Bool {
        wakeWanted.exchange(false, ordering: .acquiringAndReleasing)
    }
}
