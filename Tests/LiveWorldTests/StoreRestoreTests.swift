import Foundation
import GRDB
import MapGeometry
import Persistence
import SampleApps
import Synchronization
import Testing

@testable import LiveWorld

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
        try SampleContent.load(
            dataDirectory: repoRoot.appendingPathComponent("fixtures"),
            publicDirectory: repoRoot.appendingPathComponent("Public"))
    }

    static func start(_ file: StoreFile) throws -> AnnotationStore {
        try AnnotationStore(seeds: SampleMapApp(content: content()).seeds, database: WorldDatabase(path: file.path))
    }

    @Test func apiAddsMovesAndDeletesSurviveARestart() throws {
        let file = try StoreFile()
        do {
            let store = try Self.start(file)
            try store.add(
                LiveAnnotation(
                    id: "van", kind: "vehicle", title: "Van", subtitle: "Deliveries",
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
            try store.add(
                LiveAnnotation(
                    id: "amelie-fournier", kind: "person", title: "Someone else",
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
        #expect(try Self.start(file).record(id: "late") == nil)
    }
}
