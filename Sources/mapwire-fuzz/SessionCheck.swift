import Foundation
import LiveWorld
import Logging
import MapGeometry
import MapHTTPAPI
import MapSession
import SessionTransport
import Synchronization
import ViewKit
import Wire

/// A browser session driven by any sequence of messages: it never traps,
/// and everything it sends is a well-formed server message (the painter
/// could decode it). The input is a HELLO's hash, then messages, each
/// prefixed by its length in one byte; time steps a display frame between
/// messages, so animations, glides and press-and-hold run.
enum SessionCheck {
    // A small window: every frame renders the base map, and the fuzzer should spend its time on input.

    /// Collects what the session sends, in place of a socket.
    final class Output: SessionOutput {
        let sent = Mutex<[[UInt8]]>([])
        func send(_ message: [UInt8]) { sent.withLock { $0.append(message) } }
        func close(code: WebSocketCloseCode, reason: String) {}
    }

    /// Most inputs end their session with a protocol error, which a server logs; here it would drown the fuzzer.
    static let quiet: Logger = {
        var logger = Logger(label: "mapwire.fuzz.session")
        logger.logLevel = .critical
        return logger
    }()

    static func check(_ bytes: [UInt8]) {
        var chunks: [[UInt8]] = []
        var i = 0
        while i < bytes.count {
            let length = Int(bytes[i])
            chunks.append(Array(bytes[(i + 1)..<min(bytes.count, i + 1 + length)]))
            i += 1 + length
        }
        guard let first = chunks.first else { return }
        let output = Output()
        let clock = ManualClock(now: 1000)
        let session = MapSession(
            id: 1, world: APIBodyCheck.app.world, output: output, clock: clock,
            ticksAutomatically: false, logger: quiet)
        session.handle(
            ClientMessage.hello(
                version: FrameEncoder.version, size: Size(width: 480, height: 320),
                devicePixelRatio: 1, hash: String(decoding: first, as: UTF8.self)
            )
            .encoded())
        for chunk in chunks.dropFirst() {
            session.handle(chunk)
            clock.advance(by: 1.0 / 60)
            session.tick()
        }
        session.disconnected()
        session.sync {}
        for message in output.sent.withLock({ $0 }) {
            do {
                _ = try FrameDecoder.decode(message)
            } catch {
                fatalError("the session sent a message the painter cannot decode (\(error)): \(message.prefix(64))")
            }
        }
    }
}
