/// Flow control for one session's frames: at most `window` frames the browser
/// has not acknowledged. Changes made while the window is full wait in the
/// session's state and go out coalesced in one frame after the next ACK, so a
/// slow client gets the latest state, never a backlog.
struct FrameFlow {
    static let window: UInt32 = 2

    private(set) var lastSent: UInt32 = 0
    private(set) var lastAcked: UInt32 = 0
    /// Something changed that the browser has not been sent.
    var isDirty = false

    var inFlight: UInt32 { lastSent - lastAcked }
    var canSend: Bool { inFlight < Self.window }

    /// Numbers the next frame.
    mutating func nextFrame() -> UInt32 {
        lastSent += 1
        return lastSent
    }

    /// Takes an ACK; acknowledgements of frames never sent, or older than the
    /// last one, change nothing.
    mutating func acknowledge(_ frame: UInt32) {
        guard frame <= lastSent, frame > lastAcked else { return }
        lastAcked = frame
    }
}
