import Foundation
import MapGeometry
import Persistence
import Synchronization
import Testing

@testable import LiveWorld
@testable import MapHTTPAPI

/// Positions appended to lines through a producer's feed: a form no move
/// batch is mistaken for, applied in order with moves, answered once
/// committed, all or nothing.
@Suite struct FeedAppendTests {
    /// Sends `bodies` on one feed and waits for every answer.
    func answers(_ bodies: [String], on feed: FeedConnection, _ output: RecordingOutput) throws -> [[String: Any]] {
        for body in bodies { feed.receive(Array(body.utf8)) }
        let deadline = Date().addingTimeInterval(30)
        while output.sent.withLock({ $0.count }) < bodies.count && Date() < deadline { usleep(1_000) }
        return try output.sent.withLock { $0 }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
    }

    @Test func appendsAndMovesAreAppliedAndAnsweredInOrderAndKeptInTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("world.sqlite").path
        let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
        try store.add(LiveAnnotation(id: "bus", title: "Bus", coordinate: Coordinate(latitude: 0, longitude: 0)))
        let line = try #require(
            WorldGeometry.line([Coordinate(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1)]))
        try store.add(shapes: [LiveShape(id: "trail", geometry: line)])
        let output = RecordingOutput()
        let feed = FeedConnection(store: store, output: output)
        var bodies: [String] = []
        for i in 0..<100 {
            switch i % 4 {
            case 0: bodies.append(#"{"moves":[{"id":"bus","latitude":\#(Double(i) / 10),"longitude":1}]}"#)
            case 1: bodies.append(#"{"append":[{"id":"trail","coordinates":[[\#(Double(i) / 100),1]]}]}"#)
            case 2:
                bodies.append(
                    #"{"append":[{"id":"trail","coordinates":[[1,1]]},{"id":"nobody","coordinates":[[1,1]]}]}"#)
            default:
                bodies.append(
                    #"{"append":[{"id":"trail","coordinates":[[1,1]]},{"id":"trail","coordinates":[[2,2],[3,3]]}]}"#)
            }
        }
        let got = try answers(bodies, on: feed, output)
        #expect(got.count == bodies.count)
        var points = 2
        var lastVersion = 0
        for (i, answer) in got.enumerated() {
            switch i % 4 {
            case 0: #expect(answer["applied"] as? Int == 1, "answer \(i): \(answer)")
            case 1:
                points += 1
                let appends = answer["appends"] as? [[String: Any]]
                #expect(appends?.count == 1 && appends?.first?["points"] as? Int == points, "answer \(i): \(answer)")
                #expect(appends?.first?["id"] as? String == "trail" && appends?.first?["appended"] as? Int == 1)
                let version = answer["version"] as? Int ?? 0
                #expect(version > lastVersion)
                lastVersion = version
            case 2:
                // All or nothing: the unknown line refuses the trail's append too.
                #expect(answer["status"] as? Int == 404 && (answer["error"] as? String)?.contains("nobody") == true)
            default:
                points += 3
                let appends = answer["appends"] as? [[String: Any]]
                #expect(appends?.map { $0["points"] as? Int } == [points - 2, points], "answer \(i): \(answer)")
                lastVersion = answer["version"] as? Int ?? 0
            }
        }
        #expect(store.shape(id: "trail")?.geometry.coordinates.count == points)
        store.close()
        // The file has every position appended, its last the last sent.
        let reopened = try AnnotationStore(seeds: [], database: WorldDatabase(path: path))
        let geometry = try #require(reopened.shape(id: "trail")?.geometry)
        #expect(geometry.coordinates.count == points)
        #expect(geometry.coordinates.last == Coordinate(latitude: 3, longitude: 3))
        #expect(reopened.record(id: "bus")?.annotation.coordinate.latitude == 9.6)
        reopened.close()
    }

    @Test func anAppendMessageIsNeverReadAsMovesNorAMoveBatchAsAppends() throws {
        let store = AnnotationStore()
        try store.add(LiveAnnotation(id: "append", title: "A", coordinate: Coordinate(latitude: 0, longitude: 0)))
        let line = try #require(
            WorldGeometry.line([Coordinate(latitude: 0, longitude: 0), .init(latitude: 1, longitude: 1)]))
        try store.add(shapes: [LiveShape(id: "trail", geometry: line)])
        let output = RecordingOutput()
        let feed = FeedConnection(store: store, output: output)
        let got = try answers(
            [
                // A move batch whose id is the word: moves.
                #"{"moves":[{"id":"append","latitude":5,"longitude":5}]}"#,
                // Both: refused, rather than half read.
                #"{"moves":[{"id":"append","latitude":6,"longitude":6}],"append":[{"id":"trail","coordinates":[[2,2]]}]}"#,
                #"{"append":[]}"#,
                #"{"append":[{"id":"trail","coordinates":[[2,2]],"timestamp":1}]}"#,
                #"{"append":[{"id":"trail","coordinates":[[2,2,7]]}]}"#,
                #"{"append":[{"id":"append","coordinates":[[2,2]]}]}"#,
                #"{"append":[{"id":"trail","coordinates":[[200,2]]}]}"#,
            ], on: feed, output)
        #expect(got[0]["applied"] as? Int == 1)
        let statuses = got.dropFirst().map { $0["status"] as? Int }
        #expect(statuses == [400, 400, 400, 409, 404, 400], "\(got)")
        #expect((got[1]["error"] as? String)?.contains("not both") == true)
        #expect((got[3]["error"] as? String)?.contains("\"timestamp\"") == true)
        #expect((got[6]["error"] as? String)?.contains("append[0] (trail).coordinates[0]") == true, "\(got[6])")
        #expect(store.shape(id: "trail")?.geometry.coordinates.count == 2)
        #expect(store.record(id: "append")?.annotation.coordinate == Coordinate(latitude: 5, longitude: 5))
    }
}
