import Foundation
import GRDB

/// Lines and areas in the store file: a row a shape, and the positions a
/// trail gained since its row was last written, a row a commit.
extension WorldDatabase {
    /// Every stored shape with the positions appended to it since, in the order shapes were added.
    package func loadShapes() throws(StoreError) -> [(shape: StoredShape, tails: [[UInt8]])] {
        try read { db in
            var tails: [String: [[UInt8]]] = [:]
            let tailRows = try Row.fetchCursor(db, sql: "SELECT id, positions FROM shape_tail ORDER BY id, seq")
            while let row = try tailRows.next() {
                let id: String = row[0]
                tails[id, default: []].append([UInt8](row[1] as Data))
            }
            var shapes: [(shape: StoredShape, tails: [[UInt8]])] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, kind, geometry_type, geometry, title, subtitle, stroke, stroke_width, stroke_opacity,
                        fill, fill_opacity, id_is_number, trail_limit
                    FROM shape ORDER BY seq
                    """)
            while let row = try rows.next() {
                let id: String = row[0]
                let style = StoredShapeStyle(
                    stroke: row[6], strokeWidth: row[7], strokeOpacity: row[8], fill: row[9], fillOpacity: row[10])
                let shape = StoredShape(
                    id: id, kind: row[1], geometryType: row[2], geometry: [UInt8](row[3] as Data), title: row[4],
                    subtitle: row[5], style: style, idIsNumber: row[11], trailLimit: row[12])
                shapes.append((shape, tails[id] ?? []))
            }
            return shapes
        }
    }

    /// How many shapes the file holds.
    package func shapeCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM shape") ?? 0 }
    }

    /// Deletes removed ids' shapes, writes shapes whole (a shape written
    /// again keeps its place in the order) and appends trails' positions.
    static func writeShapes(_ changes: CoalescedChanges, nextSeq: inout Int64, in db: Database) throws {
        if !changes.removed.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM shape WHERE id = ?")
            let deleteTail = try db.cachedStatement(sql: "DELETE FROM shape_tail WHERE id = ?")
            for id in changes.removed {
                try delete.execute(arguments: [id])
                try deleteTail.execute(arguments: [id])
            }
        }
        if !changes.shapes.isEmpty {
            let upsert = try db.cachedStatement(
                sql: """
                    INSERT INTO shape (id, seq, kind, geometry_type, geometry, title, subtitle, stroke, stroke_width,
                        stroke_opacity, fill, fill_opacity, id_is_number, trail_limit)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, geometry_type = excluded.geometry_type,
                        geometry = excluded.geometry, title = excluded.title, subtitle = excluded.subtitle,
                        stroke = excluded.stroke, stroke_width = excluded.stroke_width,
                        stroke_opacity = excluded.stroke_opacity, fill = excluded.fill,
                        fill_opacity = excluded.fill_opacity, id_is_number = excluded.id_is_number,
                        trail_limit = excluded.trail_limit
                    """)
            let deleteTail = try db.cachedStatement(sql: "DELETE FROM shape_tail WHERE id = ?")
            for shape in changes.shapes {
                let style = shape.style
                try upsert.execute(arguments: [
                    shape.id, nextSeq, shape.kind, shape.geometryType, Data(shape.geometry), shape.title,
                    shape.subtitle, style.stroke, style.strokeWidth, style.strokeOpacity, style.fill,
                    style.fillOpacity, shape.idIsNumber, shape.trailLimit,
                ])
                try deleteTail.execute(arguments: [shape.id])
                nextSeq += 1
            }
        }
        if !changes.tails.isEmpty {
            let insert = try db.cachedStatement(sql: "INSERT INTO shape_tail (id, seq, positions) VALUES (?, ?, ?)")
            for tail in changes.tails {
                try insert.execute(arguments: [tail.id, nextSeq, Data(tail.positions)])
                nextSeq += 1
            }
        }
    }
}
