import Foundation
import MapGeometry
import Synchronization
import Testing
@testable import MapSession
import SampleApps

/// Records what a session reports for timing its frames.
final class RecordingFrameTiming: FrameTimingObserver {
    let liveChanges = Mutex<[Double]>([])
    let emptyRenders = Mutex(0)
    func liveChangesApplied(receivedAt time: Double) { liveChanges.withLock { $0.append(time) } }
    func inputsChangedNothing() { emptyRenders.withLock { $0 += 1 } }
}

/// The session reports what only it sees of input-to-frame latency to the
/// observer it was given, whatever its output is.
@Suite struct FrameTimingTests {
    @Test func anInputThatChangesNothingIsReported() {
        let timing = RecordingFrameTiming()
        let h = SessionHarness(frameTiming: timing)
        let (frames, before) = (h.frames.count, timing.emptyRenders.withLock { $0 })
        h.key("F13") // no view answers it
        #expect(h.frames.count == frames)
        #expect(timing.emptyRenders.withLock { $0 } == before + 1)
    }

    @Test func appliedLiveChangesAreReportedWithTheTimeTheStoreGotThem() throws {
        let world = freshWorld()
        let timing = RecordingFrameTiming()
        let h = SessionHarness(hash: LiveMoveTests.pacific, world: world, frameTiming: timing)
        let start = AnnotationStore.now()
        let boat = LiveAnnotation(id: "boat", title: "Boat", coordinate: Coordinate(latitude: 0, longitude: -150))
        try world.store.add(boat)
        h.flushQueue()
        let reported = timing.liveChanges.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.allSatisfy { $0 >= start && $0 <= AnnotationStore.now() })
    }

    @Test func theAppTimesEachSessionWithTheOutputThatMetersIt() throws {
        let app = try MapService(app: sampleApp, options: .init(dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                                                publicDirectory: repoRoot.appendingPathComponent("Public"),
                                                demo: false, storePath: ":memory:"))
        defer { app.shutdown() }
        let handle = try #require(app.openSession(output: RecordingOutput()) as? SessionHandle)
        #expect(handle.session.frameTiming === handle.metered)
        handle.disconnected()
    }
}
