/// Turns a feature's packed command integers (spec 4.3) into points, lines or polygons.
enum GeometryDecoder {
    private static let moveTo: UInt32 = 1
    private static let lineTo: UInt32 = 2
    private static let closePath: UInt32 = 7

    /// The cursor and the reader, kept together because every parameter pair moves both.
    private struct Cursor {
        var reader: ProtobufReader
        var x: Int64 = 0
        var y: Int64 = 0

        /// The next command integer as (id, count).
        mutating func command() throws(VectorTileError) -> (id: UInt32, count: UInt32, offset: Int) {
            let start = reader.offset
            let raw = try integer()
            let id = raw & 7
            let count = raw >> 3
            guard id == moveTo || id == lineTo || id == closePath else { throw .unknownCommand(id, offset: start) }
            // A parameter pair takes at least two bytes, so a larger count is a lie about the bytes left.
            if id != closePath && Int(count) > reader.remaining / 2 {
                throw .invalidCommandCount(count, offset: start)
            }
            return (id, count, start)
        }

        /// Applies the next (dx, dy) pair to the cursor and returns the new position.
        mutating func advance() throws(VectorTileError) -> TilePoint {
            let start = reader.offset
            x += ProtobufReader.zigzag(UInt64(try integer()))
            y += ProtobufReader.zigzag(UInt64(try integer()))
            guard let px = Int32(exactly: x), let py = Int32(exactly: y) else {
                throw .coordinateOutOfRange(offset: start)
            }
            return TilePoint(x: px, y: py)
        }

        private mutating func integer() throws(VectorTileError) -> UInt32 {
            let start = reader.offset
            let raw = try reader.readVarint()
            guard let value = UInt32(exactly: raw) else { throw .parameterOutOfRange(offset: start) }
            return value
        }
    }

    static func decode(_ reader: inout ProtobufReader, type: VectorTileGeometryType) throws(VectorTileError)
        -> VectorTileGeometry
    {
        var cursor = Cursor(reader: reader)
        switch type {
        case .unknown: return .unknown
        case .point: return .points(try points(&cursor))
        case .lineString: return .lines(try lines(&cursor))
        case .polygon: return .polygons(try polygons(&cursor))
        }
    }

    /// MoveTo commands only, each point one parameter pair (spec 4.3.4.2).
    private static func points(_ cursor: inout Cursor) throws(VectorTileError) -> [TilePoint] {
        var points: [TilePoint] = []
        while !cursor.reader.isAtEnd {
            let command = try cursor.command()
            guard command.id == moveTo else { throw .unexpectedCommand(command.id, offset: command.offset) }
            guard command.count > 0 else { throw .invalidCommandCount(0, offset: command.offset) }
            points.reserveCapacity(points.count + Int(command.count))
            for _ in 0..<command.count { points.append(try cursor.advance()) }
        }
        guard !points.isEmpty else { throw .tooFewPoints(offset: cursor.reader.offset) }
        return points
    }

    /// MoveTo(1) then LineTo(n ≥ 1), once per line (spec 4.3.4.3).
    private static func lines(_ cursor: inout Cursor) throws(VectorTileError) -> [[TilePoint]] {
        var lines: [[TilePoint]] = []
        while !cursor.reader.isAtEnd {
            lines.append(try path(&cursor, minimumLineTos: 1))
        }
        guard !lines.isEmpty else { throw .tooFewPoints(offset: cursor.reader.offset) }
        return lines
    }

    /// MoveTo(1), LineTo(n ≥ 2), ClosePath(1) per ring; rings grouped into polygons by the sign of their area.
    private static func polygons(_ cursor: inout Cursor) throws(VectorTileError) -> [TilePolygon] {
        var rings: [(ring: [TilePoint], offset: Int)] = []
        while !cursor.reader.isAtEnd {
            let start = cursor.reader.offset
            let ring = try path(&cursor, minimumLineTos: 2)
            let close = try cursor.command()
            guard close.id == closePath else { throw .unexpectedCommand(close.id, offset: close.offset) }
            guard close.count == 1 else { throw .invalidCommandCount(close.count, offset: close.offset) }
            rings.append((ring, start))
        }
        guard !rings.isEmpty else { throw .tooFewPoints(offset: cursor.reader.offset) }
        return try RingClassifier.polygons(from: rings)
    }

    /// One MoveTo(1) and the LineTo commands after it.
    private static func path(_ cursor: inout Cursor, minimumLineTos: Int) throws(VectorTileError) -> [TilePoint] {
        let move = try cursor.command()
        guard move.id == moveTo else { throw .unexpectedCommand(move.id, offset: move.offset) }
        guard move.count == 1 else { throw .invalidCommandCount(move.count, offset: move.offset) }
        let start = try cursor.advance()
        let line = try cursor.command()
        guard line.id == lineTo else { throw .unexpectedCommand(line.id, offset: line.offset) }
        guard line.count >= minimumLineTos else { throw .invalidCommandCount(line.count, offset: line.offset) }
        // Sized once: an array of the first point alone grew again for the rest.
        var path: [TilePoint] = []
        path.reserveCapacity(1 + Int(line.count))
        path.append(start)
        for _ in 0..<line.count { path.append(try cursor.advance()) }
        return path
    }
}
