import DisplayList
import InputEvents
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

/// Whatever bytes a client sends, a session either handles them or closes
/// with a protocol error and a reason; it never traps.
@Suite struct MalformedInputTests {
    struct Mix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    @Test func randomMessagesNeverCrashASession() {
        var rng = Mix(state: 42)
        let opcodes: [UInt8] = [0x01, 0x02, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x00, 0x7F, 0xFF]
        var closedWith: [WebSocketCloseCode: Int] = [:]
        for _ in 0..<60 {
            let h = SessionHarness()
            for _ in 0..<40 {
                var bytes = [opcodes[Int(rng.next() % UInt64(opcodes.count))]]
                for _ in 0..<Int(rng.next() % 40) { bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
                h.sendRaw(bytes)
                if let closed = h.output.closed.withLock({ $0 }) {
                    #expect(!closed.reason.isEmpty)
                    closedWith[closed.code, default: 0] += 1
                    break
                }
            }
        }
        // Most random messages are malformed; all of those closed as protocol errors.
        #expect(closedWith.keys.allSatisfy { $0 == .protocolError || $0 == .unsupportedData })
        #expect(closedWith.values.reduce(0, +) > 40)
    }

    @Test func wellFormedButAbsurdInputIsHandled() {
        let h = SessionHarness()
        // Far outside the canvas, huge wheel deltas, unknown keys and items, odd hashes.
        h.send(.pointer(seq: h.nextSeq(), PointerEvent(phase: .down, location: Point(x: -1e6, y: 1e7), time: 1)))
        h.send(.pointer(seq: h.nextSeq(), PointerEvent(phase: .moved, location: Point(x: 1e9, y: -1e9), time: 1.1)))
        h.send(.pointer(seq: h.nextSeq(), PointerEvent(phase: .up, location: Point(x: 0, y: 0), time: 1.2)))
        h.send(
            .wheel(
                seq: h.nextSeq(), WheelEvent(location: Point(x: 10, y: 10), delta: Point(x: 1e30, y: -1e30), time: 2)))
        h.send(.key(seq: h.nextSeq(), KeyEvent(key: "🙂")))
        h.send(.activate(seq: h.nextSeq(), item: 0xFFFF_FFFF))
        h.send(.focus(seq: h.nextSeq(), item: 12345))
        h.send(.navigate(seq: h.nextSeq(), hash: "#99/999/999/person/nobody"))
        h.send(.navigate(seq: h.nextSeq(), hash: "#/person/../../etc/passwd"))
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 0, height: 0), devicePixelRatio: 1))
        h.send(.resize(seq: h.nextSeq(), size: Size(width: 1280, height: 800), devicePixelRatio: 1))
        h.settle()
        #expect(h.output.closed.withLock { $0 } == nil)
        let z = h.camera.zoom
        #expect(z >= Camera.minZoom && z <= Camera.maxZoom)
        #expect(h.camera.center.x.isFinite && h.camera.center.y.isFinite)
    }
}
