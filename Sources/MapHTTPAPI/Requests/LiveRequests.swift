import Foundation
import JSONScanning
import LiveWorld
import MapGeometry
import SessionTransport

/// Parses and checks the JSON bodies of the live API (moves, adds). Every
/// problem becomes an `APIError` naming the field, so a caller sees what to fix.
enum LiveRequests {
    /// Parses a JSON body into a Foundation object. A string that is not
    /// valid UTF-8 is named by its path, after `what: ` when given.
    static func json(_ body: [UInt8], _ what: String? = nil) throws(APIError) -> Any {
        guard !body.isEmpty else { throw .badRequest("empty body; expected JSON") }
        do {
            return try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])
        } catch {
            if let invalid = InvalidUTF8.find(in: body) { throw .badRequest(invalid.message(in: what)) }
            throw .badRequest(
                "invalid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "cannot parse")")
        }
    }

    /// What a JSON parser said is wrong, without Foundation's wrapping.
    static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey]
            return "\(underlying ?? context.debugDescription)"
        }
        return "\((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "cannot parse")"
    }

    static func object(_ value: Any, _ what: String) throws(APIError) -> [String: Any] {
        guard let o = value as? [String: Any] else { throw .badRequest("\(what) must be a JSON object") }
        return o
    }

    static func number(_ o: [String: Any], _ key: String, _ what: String) throws(APIError) -> Double {
        guard let v = o[key] else { throw .badRequest("\(what): missing \"\(key)\"") }
        guard !(v is String), let n = v as? NSNumber, !isBoolean(n) else {
            throw .badRequest("\(what): \"\(key)\" must be a number")
        }
        let d = n.doubleValue
        guard d.isFinite else { throw .badRequest("\(what): \"\(key)\" must be finite") }
        return d
    }

    /// JSON true/false also arrive as NSNumber; a coordinate must not be one.
    static func isBoolean(_ n: NSNumber) -> Bool {
        String(cString: n.objCType) == "c" && (n == 0 || n == 1) && "\(type(of: n))".contains("Bool")
    }

    static func string(_ o: [String: Any], _ key: String, _ what: String) throws(APIError) -> String {
        guard let v = o[key] else { throw .badRequest("\(what): missing \"\(key)\"") }
        guard let s = v as? String, !s.isEmpty else {
            throw .badRequest("\(what): \"\(key)\" must be a non-empty string")
        }
        return s
    }

    static func optionalString(_ o: [String: Any], _ key: String, _ what: String) throws(APIError) -> String? {
        guard let v = o[key], !(v is NSNull) else { return nil }
        guard let s = v as? String else { throw .badRequest("\(what): \"\(key)\" must be a string") }
        return s
    }

    /// A coordinate from `latitude` and `longitude`, in range.
    static func coordinate(_ o: [String: Any], _ what: String) throws(APIError) -> Coordinate {
        try coordinate(latitude: number(o, "latitude", what), longitude: number(o, "longitude", what), what)
    }

    static func coordinate(latitude lat: Double, longitude lon: Double, _ what: String) throws(APIError) -> Coordinate {
        guard (-90...90).contains(lat) else { throw .badRequest("\(what): latitude \(lat) is outside -90...90") }
        guard (-180...180).contains(lon) else { throw .badRequest("\(what): longitude \(lon) is outside -180...180") }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// One move object: id, latitude, longitude and an optional timestamp.
    static func move(_ value: Any, _ what: String, id given: String? = nil) throws(APIError) -> Move {
        let o = try object(value, what)
        let id: String
        if let given { id = given } else { id = try string(o, "id", what) }
        try AnnotationFieldRules.checkID(id, what)
        var timestamp: Double?
        if let t = o["timestamp"], !(t is NSNull) { timestamp = try number(o, "timestamp", what) }
        try AnnotationFieldRules.checkTimestamp(timestamp, what)
        return Move(id: id, coordinate: try coordinate(o, what), timestamp: timestamp)
    }

    /// A batch of moves and whether its answer lists them.
    struct MoveBatch {
        var moves: [Move]
        /// False when the batch says `"echo":false`: its answer then says
        /// how many were applied, not which (a busy producer that keeps
        /// its own record needs no copy of every position back).
        var echoesMoves = true
    }

    /// `{"moves":[...]}` (with `"echo":false` if the answer need not list
    /// the moves) or a bare array of moves.
    ///
    /// A feed sends these by the thousand a second, so they are read
    /// straight into values first (`MoveBatchScanner`); Foundation's object
    /// tree (every number an `NSNumber` read through `Decimal`) cost many
    /// times as much. A body the scanner does not take goes the object-tree
    /// way, which names what is wrong.
    static func moveBatch(_ body: [UInt8]) throws(APIError) -> MoveBatch {
        var terminated = body
        terminated.append(0)
        let batch = terminated.withUnsafeBufferPointer { all in
            MoveBatchScanner.batch(UnsafeBufferPointer(rebasing: all[0..<body.count]))
        }
        guard let (scanned, echo) = batch else { return try moveBatchFromObjectTree(body) }
        var out: [Move] = []
        out.reserveCapacity(scanned.count)
        let now = Date().timeIntervalSince1970
        for (i, m) in scanned.enumerated() {
            let what = "moves[\(i)]"
            try AnnotationFieldRules.checkID(m.id, what)
            try AnnotationFieldRules.checkTimestamp(m.timestamp, what, now: now)
            out.append(
                Move(
                    id: m.id, coordinate: try coordinate(latitude: m.latitude, longitude: m.longitude, what),
                    timestamp: m.timestamp))
        }
        return MoveBatch(moves: out, echoesMoves: echo)
    }

    private static func moveBatchFromObjectTree(_ body: [UInt8]) throws(APIError) -> MoveBatch {
        let parsed = try json(body)
        let list: [Any]
        var echo = true
        if let array = parsed as? [Any] {
            list = array
        } else if let o = parsed as? [String: Any] {
            guard let m = o["moves"] else { throw .badRequest("missing \"moves\"") }
            guard let array = m as? [Any] else { throw .badRequest("\"moves\" must be an array") }
            list = array
            switch o["echo"] {
            case nil, is NSNull: break
            case let b as NSNumber where isBoolean(b): echo = b.boolValue
            default: throw .badRequest("\"echo\" must be true or false")
            }
        } else {
            throw .badRequest("expected {\"moves\":[...]} or an array of moves")
        }
        var out: [Move] = []
        out.reserveCapacity(list.count)
        for (i, item) in list.enumerated() { out.append(try move(item, "moves[\(i)]")) }
        return MoveBatch(moves: out, echoesMoves: echo)
    }

    /// The body of `POST /api/annotations`.
    static func annotation(_ body: [UInt8]) throws(APIError) -> (annotation: LiveAnnotation, trailLimit: Int?) {
        let what = "annotation"
        let o = try object(json(body, what), "the body")
        // A trail behind the pin keeps its newest positions, as a line's `trail` does.
        let trail = try trailLimit(o["trail"], kind: .lineString, what)
        let draggable: Bool
        switch o["draggable"] {
        case nil, is NSNull: draggable = false
        case let b as NSNumber where isBoolean(b): draggable = b.boolValue
        default: throw .badRequest("\(what): \"draggable\" must be true or false")
        }
        let id = try string(o, "id", what)
        try AnnotationFieldRules.checkID(id, what)
        let kind = try optionalString(o, "kind", what) ?? "point"
        let title = try string(o, "title", what)
        let subtitle = try optionalString(o, "subtitle", what)
        let cluster = try optionalString(o, "clusteringIdentifier", what)
        typealias Rules = AnnotationFieldRules
        try Rules.checkText(kind, field: "kind", limit: Rules.maxKindBytes, what)
        try Rules.checkText(title, field: "title", limit: Rules.maxTextBytes, allowsControls: true, what)
        try Rules.checkText(subtitle, field: "subtitle", limit: Rules.maxTextBytes, allowsControls: true, what)
        try Rules.checkText(cluster, field: "clusteringIdentifier", limit: Rules.maxClusteringIdentifierBytes, what)
        let style = try style(o, what)
        let annotation = LiveAnnotation(
            id: id, kind: kind, title: title, subtitle: subtitle,
            coordinate: try coordinate(o, what),
            isDraggable: draggable,
            clusteringIdentifier: cluster, markerColor: style.color, markerSymbol: style.symbol,
            markerSize: style.size)
        return (annotation, trail)
    }
}
