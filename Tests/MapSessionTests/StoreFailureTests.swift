import Foundation
import GRDB
import MapGeometry
import Persistence
import SampleApps
import SessionTransport
import Testing

@testable import LiveWorld
@testable import MapSession

/// A store file in a folder of its own, removed with it.
final class StoreFile: Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("world.sqlite").path }
    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// A drag's drop reaches the store file through the world, as the API's writes do.
@Suite struct WorldDragStoreTests {
    @Test func aDragThroughTheWorldThrowsTheSameErrors() {
        let world = freshWorld()
        #expect(throws: WorldError.unknownID("ghost", moveIndex: 0)) {
            try world.move(id: "ghost", to: Coordinate(latitude: 1, longitude: 1))
        }
    }

    @Test func aDragsDropIsKeptOnceTheStoreCloses() throws {
        let file = try StoreFile()
        let drop = Coordinate(latitude: 51.5, longitude: -0.12)
        do {
            let content = try SampleContent.load(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public"))
            let store = try AnnotationStore(
                seeds: SampleMapApp(content: content).seeds, database: WorldDatabase(path: file.path))
            try store.add(
                LiveAnnotation(
                    id: "pin", title: "Pin", coordinate: Coordinate(latitude: 50, longitude: 0),
                    isDraggable: true))
            let world = World(fonts: sharedWorld.fonts, baseMap: nil, store: store, app: SampleMapApp(content: content))
            let pin = try #require(store.record(id: "pin")?.annotation)
            #expect(world.move(pin, to: Coordinate(latitude: 50.5, longitude: -0.05)))
            #expect(world.move(pin, to: drop))
            store.close()
        }
        #expect(
            try AnnotationStore(seeds: [], database: WorldDatabase(path: file.path)).record(id: "pin")?.annotation
                .coordinate == drop)
    }
}

/// A store file that stops taking writes: nothing more is applied or
/// acknowledged, and the server says it is unhealthy.
@Suite struct StoreFailureTests {
    @Test func afterAFailedWriteTheAPIRefusesWritesAndHealthzIs503() throws {
        let file = try StoreFile()
        let app = try MapService(
            app: sampleApp,
            options: .init(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public"),
                storePath: file.path))
        func call(_ method: String, _ path: String, _ body: String = "") -> RouteResponse {
            app.routes.respond(
                to: RouteRequest(
                    method: method, path: path, body: Array(body.utf8),
                    contentType: "application/json"))!
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
