import Foundation
import GRDB
import Testing

@testable import Persistence

/// What a GeoJSON import keeps beyond the first marker style: the marker's
/// size, a position's altitude and whether the id was a JSON number.
@Suite struct GeoJSONDetailsStoreTests {
    @Test func aFileFromTheSeventhMigrationGetsTheColumnsAndKeepsItsRows() throws {
        let store = try TemporaryStore()
        do {
            let queue = try DatabaseQueue(path: store.path)
            try WorldMigrations.migrator.migrate(queue, upTo: WorldMigrations.positionBuckets)
            try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO annotation (id, seq, kind, title, latitude, longitude, marker_color)
                            VALUES ('old', 1, 'point', 'Old', 1, 2, '#abc')
                        """)
            }
        }
        let db = try WorldDatabase(path: store.path)
        #expect(try db.appliedMigrations().last == WorldMigrations.shapes)
        let old = try #require(try db.loadAnnotations().first)
        #expect(old.id == "old" && old.markerColor == "#abc")
        #expect(old.markerSize == nil && old.altitude == nil && !old.idIsNumber)
    }

    @Test func sizeAltitudeAndNumericIDsComeBackAfterAReopen() throws {
        let store = try TemporaryStore()
        let rows = [
            StoredAnnotation(
                id: "7", kind: "point", title: "Seven", subtitle: nil, latitude: 1, longitude: 2,
                markerSize: "large", altitude: 1234.5, idIsNumber: true),
            StoredAnnotation(
                id: "flat", kind: "point", title: nil, subtitle: nil, latitude: 0, longitude: 0, markerSize: "small"),
        ]
        // Each of the two writes: an import's batch of adds, and adds mixed with an edit.
        try WorldDatabase(path: store.path).write(rows.map { .added($0) })
        #expect(try WorldDatabase(path: store.path).loadAnnotations() == rows)
        let look = StoredLook(title: "S", subtitle: nil, markerColor: nil, markerSymbol: nil, markerSize: "medium")
        try WorldDatabase(path: store.path).write([.restyled(id: "7", look: look)])
        let reopened = try #require(try WorldDatabase(path: store.path).loadAnnotations().first)
        #expect(reopened.markerSize == "medium" && reopened.altitude == 1234.5 && reopened.idIsNumber)
        #expect(reopened.title == "S")
    }

    @Test func anEditOfAPinAddedInTheSameCommitKeepsItsSize() throws {
        let store = try TemporaryStore()
        let db = try WorldDatabase(path: store.path)
        let look = StoredLook(title: "t", subtitle: nil, markerColor: nil, markerSymbol: nil, markerSize: "large")
        try db.write([.added(pin("a")), .restyled(id: "a", look: look)])
        #expect(try db.loadAnnotations().first?.markerSize == "large")
    }
}
