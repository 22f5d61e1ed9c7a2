import Foundation
import GRDB
import MapGeometry
import Persistence
import SampleApps
import Synchronization
import Testing
@testable import MapSession

/// A world kept in a store file: what the API did is there after a restart.
@Suite struct StoreRestoreTests {
    /// A store file in a folder of its own.
    final class StoreFile: Sendable {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID().uuidString)")
        var path: String { folder.appendingPathComponent("world.sqlite").path }
        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// Fresh sample objects per start: a restart must not see the last run's people in memory.
    static func content() throws -> SampleContent {
        try SampleContent.load(dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                               publicDirectory: repoRoot.appendingPathComponent("Public"))
    }

    static func start(_ file: StoreFile) throws -> AnnotationStore {
        try AnnotationStore(seeds: SampleMapApp(content: content()).seeds, database: WorldDatabase(path: file.path))
    }

    @Test func apiAddsMovesAndDeletesSurviveARestart() throws {
        let file = try StoreFile()
        do {
            let store = try Self.start(file)
            try store.add(LiveAnnotation(id: "van", kind: "vehicle", title: "Van", subtitle: "Deliveries",
                                         coordinate: Coordinate(latitude: 1, longitude: 2), isDraggable: true,
                                         clusteringIdentifier: "fleet"))
            try store.add(LiveAnnotation(id: "gone", title: "Gone", coordinate: Coordinate(latitude: 0, longitude: 0)))
            try store.apply([Move(id: "van", coordinate: Coordinate(latitude: 3, longitude: 4), timestamp: 50)])
            try store.remove(id: "gone")
            try store.remove(id: "amelie-fournier")
            // No close(): what a 2xx acknowledged is in the file already, as after kill -9.
        }
        let store = try Self.start(file)
        let van = try #require(store.record(id: "van"))
        #expect(van.kind == "vehicle" && van.annotation.title == "Van" && van.annotation.subtitle == "Deliveries")
        #expect(van.draggable && van.clusteringIdentifier == "fleet")
        #expect(van.annotation.coordinate == Coordinate(latitude: 3, longitude: 4))
        #expect(store.record(id: "gone") == nil)
        #expect(store.record(id: "amelie-fournier") == nil, "a deleted sample person is not seeded again")
        #expect(store.indexedCount == store.records.count)
        // The producer's timestamp came back too: an older fix cannot move the van backwards.
        let stale = try store.apply([Move(id: "van", coordinate: Coordinate(latitude: 9, longitude: 9), timestamp: 40)])
        #expect(stale.stale == ["van"])
        #expect(store.record(id: "van")?.annotation.coordinate == Coordinate(latitude: 3, longitude: 4))
    }

    @Test func sampleContentIsSeededOnFirstStartOnlyAndItsMovesAreKept() throws {
        let file = try StoreFile()
        let moved = Coordinate(latitude: -12.5, longitude: 130.25)
        let firstIDs: [String]
        do {
            let store = try Self.start(file)
            firstIDs = store.records.map(\.id)
            #expect(firstIDs.contains("amelie-fournier") && firstIDs.contains("golden-gate-bridge"))
            try store.apply([Move(id: "amelie-fournier", coordinate: moved)])
        }
        let store = try Self.start(file)
        #expect(store.records.map(\.id) == firstIDs, "same annotations, same order, nothing seeded twice")
        let person = try #require(store.record(id: "amelie-fournier"))
        #expect(person.annotation is Person, "a sample person comes back as the sample's own annotation")
        #expect(person.annotation.coordinate == moved)
        #expect(store.point(of: person.annotation) == Mercator.project(moved))
    }

    @Test func anAPIPinThatTakesADeletedPersonsIdComesBackAsItselfNotAsThePerson() throws {
        let file = try StoreFile()
        do {
            let store = try Self.start(file)
            try store.remove(id: "amelie-fournier")
            try store.add(LiveAnnotation(id: "amelie-fournier", kind: "person", title: "Someone else",
                                         coordinate: Coordinate(latitude: 1, longitude: 2)))
        }
        let record = try #require(try Self.start(file).record(id: "amelie-fournier"))
        #expect(record.annotation is LiveAnnotation)
        #expect(record.annotation.title == "Someone else")
        #expect(record.annotation.coordinate == Coordinate(latitude: 1, longitude: 2))
    }

    @Test func landmarksStayFixedAcrossRestartsAndCannotBeDeleted() throws {
        let file = try StoreFile()
        do {
            let store = try Self.start(file)
            #expect(throws: WorldError.fixedAnnotation("golden-gate-bridge")) {
                try store.remove(id: "golden-gate-bridge")
            }
        }
        let store = try Self.start(file)
        #expect(store.record(id: "golden-gate-bridge") != nil)
        #expect(throws: WorldError.fixedAnnotation("golden-gate-bridge", moveIndex: 0)) {
            try store.apply([Move(id: "golden-gate-bridge", coordinate: Coordinate(latitude: 1, longitude: 1))])
        }
        #expect(throws: WorldError.fixedAnnotation("golden-gate-bridge")) {
            try store.remove(id: "golden-gate-bridge")
        }
    }

    @Test func aDragsDropIsKeptOnceTheStoreCloses() throws {
        let file = try StoreFile()
        let drop = Coordinate(latitude: 51.5, longitude: -0.12)
        do {
            let content = try Self.content()
            let store = try AnnotationStore(seeds: SampleMapApp(content: content).seeds, database: WorldDatabase(path: file.path))
            try store.add(LiveAnnotation(id: "pin", title: "Pin", coordinate: Coordinate(latitude: 50, longitude: 0),
                                         isDraggable: true))
            let world = World(fonts: sharedWorld.fonts, baseMap: nil, store: store, app: SampleMapApp(content: content))
            let pin = try #require(store.record(id: "pin")?.annotation)
            #expect(world.move(pin, to: Coordinate(latitude: 50.5, longitude: -0.05)))
            #expect(world.move(pin, to: drop))
            store.close()
        }
        #expect(try Self.start(file).record(id: "pin")?.annotation.coordinate == drop)
    }

    @Test func theDemosTravellersAreNotWrittenToTheFile() throws {
        let file = try StoreFile()
        do {
            let store = try Self.start(file)
            let demo = DemoFeed(store: store, cities: [Coordinate(latitude: 0, longitude: 0),
                                                       Coordinate(latitude: 10, longitude: 10)], count: 3)
            demo.step(at: AnnotationStore.now() + 1)
            #expect(store.record(id: "traveller-1") != nil)
            store.close()
        }
        let store = try Self.start(file)
        #expect(store.record(id: "traveller-1") == nil)
        // A demo started again adds them afresh instead of finding ids that exist.
        _ = DemoFeed(store: store, cities: [Coordinate(latitude: 0, longitude: 0),
                                            Coordinate(latitude: 10, longitude: 10)], count: 3)
        #expect(store.record(id: "traveller-3") != nil)
    }

    @Test func afterCloseAWriteIsRefusedAsStoreUnavailableAndNotAcknowledged() throws {
        let file = try StoreFile()
        let store = try Self.start(file)
        store.close()
        let refusal = #expect(throws: WorldError.self) {
            try store.add(LiveAnnotation(id: "late", title: "Late", coordinate: Coordinate(latitude: 1, longitude: 1)))
        }
        guard case .storeUnavailable(let reason) = refusal else {
            Issue.record("refused as \(String(describing: refusal))")
            return
        }
        #expect(reason.contains("closed"), "\(reason)")
        #expect(APIError(.storeUnavailable(reason: reason)).status == 503)
        #expect(try Self.start(file).record(id: "late") == nil)
    }

    @Test func feedAnswersLeaveInOrderAfterTheirMovesAreCommitted() throws {
        let file = try StoreFile()
        let store = try Self.start(file)
        try store.add(LiveAnnotation(id: "bus", title: "Bus", coordinate: Coordinate(latitude: 0, longitude: 0)))
        let output = RecordingOutput()
        let feed = FeedConnection(store: store, output: output)
        let bodies = (0..<40).map { i in
            i % 7 == 3 ? #"{"moves":[{"id":"nobody","latitude":1,"longitude":1}]}"#
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
        let last = try WorldDatabase(path: file.path).loadAnnotations().first { $0.id == "bus" }
        #expect(last?.latitude == 39.0 / 2)
        store.close()
    }
}

/// A store file that stops taking writes: nothing more is applied or
/// acknowledged, and the server says it is unhealthy.
@Suite struct StoreFailureTests {
    @Test func afterAFailedWriteTheAPIRefusesWritesAndHealthzIs503() throws {
        let file = try StoreRestoreTests.StoreFile()
        let app = try MapService(app: sampleApp, options: .init(dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                                                publicDirectory: repoRoot.appendingPathComponent("Public"),
                                                demo: false, storePath: file.path))
        func call(_ method: String, _ path: String, _ body: String = "") -> HTTPResponse {
            app.respond(to: HTTPRequest(method: method, path: path, body: Array(body.utf8)))!
        }
        #expect(call("GET", "/healthz").status == 200)
        #expect(call("POST", "/api/annotations", #"{"id":"a","title":"A","latitude":1,"longitude":2}"#).status == 201)
        // The file loses its table under the running server.
        try DatabaseQueue(path: file.path).write { try $0.execute(sql: "DROP TABLE annotation") }
        let failed = call("POST", "/api/annotations", #"{"id":"b","title":"B","latitude":1,"longitude":2}"#)
        #expect(failed.status == 503)
        #expect(String(decoding: failed.body, as: UTF8.self).contains("could not write"))
        let health = call("GET", "/healthz")
        #expect(health.status == 503)
        let healthJSON = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
        #expect(healthJSON?["status"] as? String == "store failed")
        #expect((healthJSON?["error"] as? String)?.contains("could not write") == true)
        // Refused before it is applied: memory does not run further ahead of the file.
        #expect(call("POST", "/api/moves", #"[{"id":"a","latitude":5,"longitude":5}]"#).status == 503)
        #expect(call("DELETE", "/api/annotations/a").status == 503)
        let a = try JSONSerialization.jsonObject(with: Data(call("GET", "/api/annotations/a").body)) as? [String: Any]
        #expect(a?["latitude"] as? Double == 1, "\(String(describing: a))")
        app.shutdown()
    }
}
