import Foundation
import MapGeometry
import Persistence
import Synchronization
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// A producer's feed: answers in order once committed, its batches applied ahead of the maps' frames.
@Suite struct FeedConnectionTests {
    @Test func feedAnswersLeaveInOrderAfterTheirMovesAreCommitted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("world.sqlite").path
        let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
        try store.add(LiveAnnotation(id: "bus", title: "Bus", coordinate: Coordinate(latitude: 0, longitude: 0)))
        let output = RecordingOutput()
        let feed = FeedConnection(store: store, output: output)
        let bodies = (0..<40).map { i in
            i % 7 == 3
                ? #"{"moves":[{"id":"nobody","latitude":1,"longitude":1}]}"#
                : #"{"moves":[{"id":"bus","latitude":\#(Double(i) / 2),"longitude":1}]}"#
        }
        for body in bodies { feed.receive(Array(body.utf8)) }
        let deadline = Date().addingTimeInterval(30)
        while output.sent.withLock({ $0.count }) < bodies.count && Date() < deadline { usleep(1_000) }
        let answers = try output.sent.withLock { $0 }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
        #expect(answers.count == bodies.count)
        for (i, answer) in answers.enumerated() {
            if i % 7 == 3 {
                #expect(answer["status"] as? Int == 404, "answer \(i): \(answer)")
            } else {
                let moves = answer["moves"] as? [[String: Any]]
                #expect(moves?.first?["latitude"] as? Double == Double(i) / 2, "answer \(i): \(answer)")
            }
        }
        let last = try WorldDatabase(path: path).loadAnnotations().first { $0.id == "bus" }
        #expect(last?.latitude == 39.0 / 2)
        store.close()
    }

    /// A feed's batches are parsed and applied ahead of the maps' frames:
    /// every frame that shows a move waits for them, and they queue one
    /// behind another where a map's frames do not. A map woken by a batch
    /// is woken from inside it, on the feed's queue: its wake-up sees the
    /// thread's nice value there.
    @Test func aFeedsBatchIsAppliedRaised() throws {
        let store = AnnotationStore()
        try store.add(LiveAnnotation(id: "bus", title: "Bus", coordinate: Coordinate(latitude: 0, longitude: 0)))
        let woken = Mutex<Int32?>(nil)
        let subscriber = LiveSubscriber { woken.withLock { $0 = $0 ?? ThreadPriority.niceValue } }
        subscriber.publish(Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize))
        store.subscribe(1, subscriber)
        // A queue's thread runs at the nice value of its quality of service, the process's here.
        let base = ThreadPriority.niceValue
        let raised = ThreadPriority.raised { () }.wasRaised ? base - ThreadPriority.boost : base
        let feed = FeedConnection(store: store, output: RecordingOutput())
        feed.receive(Array(#"{"moves":[{"id":"bus","latitude":10,"longitude":20}]}"#.utf8))
        let deadline = Date().addingTimeInterval(30)
        while woken.withLock({ $0 }) == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(woken.withLock { $0 } == raised)
        #expect(store.record(id: "bus")?.annotation.coordinate == Coordinate(latitude: 10, longitude: 20))
    }
}
