/// Why bytes are not a Mapbox Vector Tile, or a feature's geometry is not one
/// the spec allows. Offsets count bytes from the start of the tile.
package enum VectorTileError: Error, Equatable, Sendable {
    /// A varint, fixed-size value or length-delimited field runs past the end of its message.
    case truncated(offset: Int)
    /// A varint longer than ten bytes, or one whose tenth byte overflows 64 bits.
    case varintTooLong(offset: Int)
    /// Wire types 6 and 7 do not exist.
    case invalidWireType(UInt8, offset: Int)
    /// Field number 0 is reserved and never written.
    case invalidFieldNumber(offset: Int)
    /// An end-group marker with no open group, or for another field than the open one.
    case unmatchedEndGroup(offset: Int)
    /// A known field written with a wire type its declared type cannot have.
    case wrongWireType(field: UInt64, offset: Int)
    /// A layer without its required name.
    case layerWithoutName(offset: Int)
    /// A layer version this decoder does not read (1 and 2 are read).
    case unsupportedVersion(UInt64, offset: Int)
    /// A layer extent of 0 or above 2^31: no coordinate could be placed in it.
    case invalidExtent(UInt64, offset: Int)
    /// A string field that is not UTF-8.
    case invalidUTF8(offset: Int)
    /// A Value message without any of the seven value fields.
    case valueWithoutType(offset: Int)
    /// A feature's tags are not (key, value) pairs.
    case oddTagCount(offset: Int)
    /// A tag names a key or value index the layer does not have.
    case tagIndexOutOfRange(offset: Int)
    /// A geometry type other than UNKNOWN, POINT, LINESTRING or POLYGON.
    case unknownGeometryType(UInt64, offset: Int)
    /// A command integer whose id is not MoveTo (1), LineTo (2) or ClosePath (7).
    case unknownCommand(UInt32, offset: Int)
    /// A command the geometry type does not allow here (a LineTo in a point, a ring left open).
    case unexpectedCommand(UInt32, offset: Int)
    /// A command count the spec forbids for this command, or more parameters than bytes left.
    case invalidCommandCount(UInt32, offset: Int)
    /// A geometry integer above 32 bits.
    case parameterOutOfRange(offset: Int)
    /// The cursor left the signed 32-bit range of tile coordinates.
    case coordinateOutOfRange(offset: Int)
    /// A line with fewer than two points or a ring with fewer than three.
    case tooFewPoints(offset: Int)
    /// A polygon whose first ring with an area is an interior ring (negative area).
    case interiorRingWithoutExterior(offset: Int)
}
