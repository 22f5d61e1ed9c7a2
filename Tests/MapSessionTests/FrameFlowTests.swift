import Foundation
import InputEvents
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

/// The frame window, with ACKs taken on the transport's thread (`receive`).
@Suite struct FrameFlowTests {
    /// A session with no automatic ticks whose frames nobody acknowledges.
    static func unacknowledgedSession() -> (MapSession, RecordingOutput) {
        let output = RecordingOutput()
        let session = MapSession(
            id: 7, world: sharedWorld, output: output, clock: ManualClock(now: 100),
            ticksAutomatically: false)
        session.sync {
            session.handle(
                ClientMessage.hello(
                    version: 1, size: Size(width: 800, height: 600),
                    devicePixelRatio: 1, hash: "#4/20/0"
                ).encoded())
        }
        return (session, output)
    }

    static func frameNumbers(_ output: RecordingOutput) -> [UInt32] {
        output.sent.withLock { $0 }.compactMap { bytes in
            if case let .frame(number, _, _)? = try? FrameDecoder.decode(bytes) { return number }
            return nil
        }
    }

    static func wheel(_ session: MapSession, seq: UInt32) {
        let event = WheelEvent(location: Point(x: 400, y: 300), delta: Point(x: 0, y: 40), time: Double(seq))
        session.sync { session.handle(ClientMessage.wheel(seq: seq, event).encoded()) }
    }

    @Test func anAckTakenOnTheTransportThreadSendsTheChangeThatWaitedForTheWindow() {
        let (session, output) = Self.unacknowledgedSession()
        Self.wheel(session, seq: 1)
        #expect(Self.frameNumbers(output) == [1, 2])
        // The window (2) is full: this change waits, coalesced.
        Self.wheel(session, seq: 2)
        Self.wheel(session, seq: 3)
        #expect(Self.frameNumbers(output) == [1, 2])
        session.receive(ClientMessage.ack(frame: 1).encoded())
        session.sync {}
        #expect(Self.frameNumbers(output) == [1, 2, 3])
        // Nothing waits now: a further ACK sends nothing.
        session.receive(ClientMessage.ack(frame: 3).encoded())
        session.sync {}
        #expect(Self.frameNumbers(output) == [1, 2, 3])
        #expect(session.sync { session.flow.inFlight } == 0)
    }

    @Test func anAckIsTakenWithoutWaitingForTheSessionsQueue() {
        let (session, _) = Self.unacknowledgedSession()
        // Busy the session's queue: an ACK that needed it would wait.
        let busy = DispatchSemaphore(value: 0)
        session.queue.async { busy.wait() }
        session.receive(ClientMessage.ack(frame: 1).encoded())
        #expect(session.acks.lastAcked == 1)
        busy.signal()
        session.sync {}
    }

    @Test func acksOfFramesNeverSentOrAlreadyAcknowledgedChangeNothing() {
        let (session, output) = Self.unacknowledgedSession()
        session.receive(ClientMessage.ack(frame: 9).encoded())
        session.receive(ClientMessage.ack(frame: 1).encoded())
        session.receive(ClientMessage.ack(frame: 0).encoded())
        session.sync {}
        #expect(session.acks.lastAcked == 1)
        #expect(output.closed.withLock { $0 } == nil)
    }

    @Test func anAckBeforeHelloStillClosesTheSession() {
        let output = RecordingOutput()
        let session = MapSession(
            id: 8, world: sharedWorld, output: output, clock: ManualClock(now: 100),
            ticksAutomatically: false)
        session.receive(ClientMessage.ack(frame: 1).encoded())
        session.sync {}
        #expect(output.closed.withLock { $0 }?.reason == "first message must be HELLO")
    }

    @Test func aMalformedAckClosesTheSessionWithAReason() {
        let (session, output) = Self.unacknowledgedSession()
        session.receive([ClientMessage.ackOpcode, 1, 0])
        session.sync {}
        #expect(output.closed.withLock { $0 }?.code == .protocolError)
    }

    @Test func concurrentAcksKeepTheNewest() async {
        let acks = FrameAcks()
        acks.didSend(1000)
        await withTaskGroup(of: Void.self) { group in
            for start in 0..<4 {
                group.addTask {
                    for frame in stride(from: UInt32(start + 1), through: 1000, by: 4) { acks.take(frame) }
                }
            }
        }
        #expect(acks.lastAcked == 1000)
    }

    @Test func changesThatShowNothingAreNotTimedToALaterFrame() {
        let metrics = LiveMetrics()
        let output = MeteredOutput(base: RecordingOutput(), metrics: metrics)
        output.markEvent(at: AnnotationStore.now() - 5)
        output.renderChangedNothing()
        output.send([0x02, 1, 2, 3])
        #expect(metrics.count("mapwire_event_to_frame_seconds") == 0)
        // A move just off screen, seconds before the next frame some other change brings.
        output.liveChangesApplied(receivedAt: AnnotationStore.now() - 5)
        output.clusterEpochApplied(publishedAt: AnnotationStore.now() - 5)
        output.renderChangedNothing()
        output.send([0x02, 1, 2, 3])
        #expect(metrics.count("mapwire_event_to_frame_seconds") == 0)
        #expect(metrics.count("mapwire_cluster_epoch_to_frame_seconds") == 0)
        output.liveChangesApplied(receivedAt: AnnotationStore.now() - 0.002)
        output.send([0x02, 1, 2, 3])
        #expect(metrics.count("mapwire_event_to_frame_seconds") == 1)
        #expect(metrics.sample("mapwire_event_to_frame_seconds_bucket{le=\"0.008\"}") == 1)
    }

    /// A frame that shows a cluster epoch times how long the map took to
    /// draw it once published; other frames do not.
    @Test func aFrameShowingAnEpochTimesItsWaitToDraw() {
        let metrics = LiveMetrics()
        let output = MeteredOutput(base: RecordingOutput(), metrics: metrics)
        output.liveChangesApplied(receivedAt: AnnotationStore.now() - 0.020)
        output.clusterEpochApplied(publishedAt: AnnotationStore.now() - 0.003)
        output.clusterEpochApplied(publishedAt: AnnotationStore.now() - 0.5)
        output.send([0x01, 1])
        #expect(metrics.count("mapwire_cluster_epoch_to_frame_seconds") == 0, "not a frame")
        output.send([0x02, 1, 2, 3])
        #expect(metrics.count("mapwire_cluster_epoch_to_frame_seconds") == 1)
        #expect(
            metrics.sample("mapwire_cluster_epoch_to_frame_seconds_bucket{le=\"0.256\"}") == 0,
            "timed from the first epoch, half a second ago")
        output.markEvent(at: AnnotationStore.now())
        output.send([0x02, 1, 2, 3])
        #expect(metrics.count("mapwire_cluster_epoch_to_frame_seconds") == 1, "a frame that answers an input only")
        #expect(metrics.prometheusText().contains("mapwire_cluster_epoch_to_frame_seconds_count 1"))
    }
}
