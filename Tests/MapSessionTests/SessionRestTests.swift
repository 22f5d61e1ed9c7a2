import DisplayList
import Foundation
import InputEvents
import MapGeometry
import SessionTransport
import Testing
import Wire

@testable import LiveWorld
@testable import MapSession

/// A session that shows the same frame for a while packs its differ's record,
/// and answers the next input as if it never had.
@Suite struct SessionRestTests {
    /// A session on real time, as the server runs them, and what its browser holds.
    final class LiveTab {
        let output = RecordingOutput()
        let session: MapSession
        var replica = SceneReplica(viewport: Size(width: 1024, height: 700))
        private var consumed = 0

        /// A world of its own: other tests move pins in the shared one, and
        /// a session that sees moves never goes quiet.
        init() throws {
            let world = try World.load(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public"), app: sampleApp)
            session = MapSession(id: 31, world: world, output: output)
            session.receive(
                ClientMessage.hello(
                    version: 1, size: replica.viewport, devicePixelRatio: 1,
                    hash: "#5/48/8"
                ).encoded())
        }

        /// Applies and acknowledges every frame sent so far, as a painter does.
        func drain() {
            while let bytes = output.sent.withLock({ consumed < $0.count ? $0[consumed] : nil }) {
                consumed += 1
                guard case let .frame(number, _, ops)? = try? FrameDecoder.decode(bytes) else { continue }
                replica.apply(ops)
                session.receive(ClientMessage.ack(frame: number).encoded())
            }
        }

        /// `body` on the session's queue, awaited without blocking a thread of
        /// the pool the rest of the suite runs on (the session's queue needs one).
        func probe<T: Sendable>(_ body: @escaping @Sendable (MapSession) -> T) async -> T {
            let session = session
            return await withCheckedContinuation { done in
                session.queue.async { done.resume(returning: body(session)) }
            }
        }

        /// How long a wait gives up after. A quiet session rests within a few
        /// seconds, but these tests start with the whole suite: on two cores,
        /// beside its longest tests (35-40 s in a debug build), some runs
        /// gave up a 30 s wait 7 s late, a probe of the session's queue held
        /// up that long, before the session had sent its first frame or rested.
        static let patience = 120.0

        /// Drains frames until `condition` holds on the session's queue, for at most `seconds`.
        func wait(seconds: Double, until condition: @escaping @Sendable (MapSession) -> Bool) async throws -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                drain()
                if await probe(condition) { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }
    }

    @Test func aQuietSessionRestsAndItsNextFrameBringsTheBrowserToTheNewScene() async throws {
        let tab = try LiveTab()
        defer { tab.session.disconnected() }
        let rested = try await tab.wait(seconds: LiveTab.patience) { $0.rests > 0 }
        let frames = await tab.probe { $0.flow.lastSent }
        let state = await tab.probe { s in
            "timer \(s.timer != nil), animating \(s.window?.animator.isAnimating ?? false), dirty \(s.flow.isDirty), "
                + "in flight \(s.flow.inFlight), check pending \(s.restCheckPending)"
        }
        #expect(rested, "\(frames) frames sent, none in the last 2 s; \(state)")
        let before = tab.replica.camera.zoom
        tab.session.receive(ClientMessage.key(seq: 1, KeyEvent(phase: .down, key: "+", modifiers: [])).encoded())
        let settled = try await tab.wait(seconds: LiveTab.patience) { session in
            !session.differ.isResting && !(session.window?.animator.isAnimating ?? true) && !session.flow.isDirty
        }
        #expect(settled)
        tab.drain()
        #expect(tab.replica.camera.zoom > before)
        // What the browser holds is what the session would draw now, item for item.
        let now = tab.session.sync { tab.session.window?.renderScene().items }
        #expect(now?.isEmpty == false)
        #expect(tab.replica.preorder() == now)
    }

    /// An animation that draws nothing new keeps the display-frame timer
    /// running without a frame: the session rests all the same.
    @Test func aSessionRestsWhileAnAnimationDrawsNothingNew() async throws {
        let tab = try LiveTab()
        defer { tab.session.disconnected() }
        #expect(try await tab.wait(seconds: LiveTab.patience) { $0.rests > 0 })
        let (frames, ticking) = await tab.probe { session -> (UInt32, Bool) in
            session.window?.animator.animate(key: "test.silent", duration: 3_600, update: { _ in })
            session.tick()
            return (session.flow.lastSent, session.timer != nil)
        }
        #expect(ticking, "the animation runs the display-frame timer")
        let restedAgain = try await tab.wait(seconds: LiveTab.patience) { $0.rests > 1 }
        let state = await tab.probe { s in "timer \(s.timer != nil), \(s.flow.lastSent - frames) frames since" }
        #expect(restedAgain, "\(state)")
    }
}
