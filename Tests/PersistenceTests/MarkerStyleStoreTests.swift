import Foundation
import GRDB
import Testing

@testable import Persistence

/// The marker style of API pins: kept by the fourth migration, changed by edits.
@Suite struct MarkerStyleStoreTests {
    @Test func aFileFromTheThirdMigrationGetsStyleColumnsAndKeepsItsRows() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try WorldMigrations.migrator.migrate(queue, upTo: WorldMigrations.seeds)
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO annotation (id, seq, kind, title, latitude, longitude) VALUES ('old', 1, 'point', 'Old', 1, 2)
                        """)
            }
        }
        let db = try WorldDatabase(path: store.path)
        #expect(try db.appliedMigrations().contains(WorldMigrations.markerStyle))
        let old = try #require(try db.loadAnnotations().first)
        #expect(old.id == "old" && old.markerColor == nil && old.markerSymbol == nil)
        let look = StoredLook(title: "New", subtitle: "Sub", markerColor: "#0f0", markerSymbol: "A")
        try db.write([.restyled(id: "old", look: look)])
        let reopened = try #require(try WorldDatabase(path: store.path).loadAnnotations().first)
        #expect(reopened.title == "New" && reopened.subtitle == "Sub")
        #expect(reopened.markerColor == "#0f0" && reopened.markerSymbol == "A")
        #expect(reopened.latitude == 1 && reopened.longitude == 2)
    }

    @Test func anEditOfAPinAddedInTheSameCommitLandsInItsRow() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        let look = StoredLook(title: nil, subtitle: nil, markerColor: "#123456", markerSymbol: nil)
        try db.write([
            .added(pin("a")), .restyled(id: "a", look: look), .added(pin("b")),
            .restyled(id: "b", look: look), .removed(id: "b"),
        ])
        let rows = try db.loadAnnotations()
        #expect(rows.map(\.id) == ["a"])
        #expect(rows[0].markerColor == "#123456" && rows[0].title == nil)
    }

    @Test func emptyUnicodeAndMissingTextsRoundTrip() throws {
        let store = try TemporaryStore()
        let rows = [
            StoredAnnotation(
                id: "é日本 🚲", kind: "", title: "", subtitle: nil, latitude: -0.5, longitude: 179.5,
                draggable: true, clusteringIdentifier: "", isFixed: false, timestamp: 12.25, seed: nil,
                markerColor: "#ABCDEF", markerSymbol: "👨‍👩‍👧"),
            StoredAnnotation(id: "b", kind: "point", title: "Line\nbreak", subtitle: "", latitude: 0, longitude: 0),
        ]
        try WorldDatabase(path: store.path).write(rows.map { .added($0) })
        #expect(try WorldDatabase(path: store.path).loadAnnotations() == rows)
    }
}
