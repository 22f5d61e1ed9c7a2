/// Reads a feed's batch of moves, `{"moves":[...]}` or a bare array of
/// them, straight from its bytes with `JSONByteScanner`.
///
/// A feed sends these by the thousand a second. Foundation's `JSONDecoder`
/// took about a tenth of a busy server's time on them; this keeps the four
/// fields of each move and skips the rest. Only a well-formed batch of
/// well-typed moves is read here: anything else is nil, and the caller
/// reads the body the slow way, which names what is wrong.
package enum MoveBatchScanner {
    /// One move as the batch gives it, not yet checked against the API's rules.
    package struct ScannedMove: Equatable {
        package var id: String
        package var latitude: Double
        package var longitude: Double
        package var timestamp: Double?
    }

    /// The moves of `body` and whether its answer echoes them (`"echo"`,
    /// true unless the batch says false), or nil. `body` must be followed in
    /// memory by a byte that cannot continue a number (as `JSONByteScanner`
    /// needs).
    package static func batch(_ body: UnsafeBufferPointer<UInt8>) -> (moves: [ScannedMove], echo: Bool)? {
        var s = JSONByteScanner(body)
        var moves: [ScannedMove]?
        var echo = true
        do throws(JSONByteScanner.Failure) {
            s.skipSpace()
            switch s.peek {
            case UInt8(ascii: "["):
                moves = try s.moveList()
            case UInt8(ascii: "{"):
                try s.object { (s: inout JSONByteScanner, key: String) throws(JSONByteScanner.Failure) in
                    switch key {
                    case "moves": moves = try s.moveList()
                    case "echo": echo = try s.echoFlag()
                    default: try s.skipValue()
                    }
                }
            default:
                return nil
            }
            s.skipSpace()
        } catch {
            return nil
        }
        guard s.i == body.count, let moves else { return nil }
        return (moves, echo)
    }
}

extension JSONByteScanner {
    /// An array of moves; any item that is not a move object with a string
    /// id and number coordinates ends the reading (the slow way names it).
    fileprivate mutating func moveList() throws(Failure) -> [MoveBatchScanner.ScannedMove] {
        var out: [MoveBatchScanner.ScannedMove] = []
        try array { (s: inout JSONByteScanner) throws(Failure) in out.append(try s.move()) }
        return out
    }

    private mutating func move() throws(Failure) -> MoveBatchScanner.ScannedMove {
        var id: String?, latitude: Double?, longitude: Double?, timestamp: Double?
        try object { (s: inout JSONByteScanner, key: String) throws(Failure) in
            switch key {
            case "id":
                guard s.peek == UInt8(ascii: "\"") else { throw s.invalid("an id that is not a string") }
                id = try s.string()
            case "latitude": latitude = try s.coordinateNumber()
            case "longitude": longitude = try s.coordinateNumber()
            case "timestamp":
                if s.peek == UInt8(ascii: "n") {
                    try s.literal("null")
                    timestamp = nil
                } else {
                    timestamp = try s.coordinateNumber()
                }
            default: try s.skipValue()
            }
        }
        guard let id, let latitude, let longitude else { throw invalid("a move without an id or a coordinate") }
        return MoveBatchScanner.ScannedMove(id: id, latitude: latitude, longitude: longitude, timestamp: timestamp)
    }

    /// `true` or `false`, or `null` for true (anything else ends the reading).
    fileprivate mutating func echoFlag() throws(Failure) -> Bool {
        if peek == UInt8(ascii: "t") || peek == UInt8(ascii: "n") {
            try literal(peek == UInt8(ascii: "t") ? "true" : "null")
            return true
        }
        try literal("false")
        return false
    }

    /// A number where a move needs one (anything else ends the reading).
    private mutating func coordinateNumber() throws(Failure) -> Double {
        guard atNumber else { throw invalid("expected a number") }
        return try number()
    }
}
