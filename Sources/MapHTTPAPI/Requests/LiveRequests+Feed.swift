import Foundation
import JSONScanning
import LiveWorld
import SessionTransport

/// The messages a producer sends on `/feed`: a batch of moves (the body of
/// `POST /api/moves`), or positions appended to lines,
/// `{"append":[{"id":"bus-1","coordinates":[[lon,lat],...]}, ...]}`.
extension LiveRequests {
    /// One feed message, read.
    enum FeedMessage {
        case moves(MoveBatch)
        case appends([AnnotationStore.TrailAppend])
    }

    /// Reads a feed message. A batch of moves goes the way it always has
    /// (the scanner, fast); only a message whose bytes hold `"append"` is
    /// looked at whole first, so a move batch that happens to carry the
    /// word (an id) is still read as moves, and one that says both is
    /// refused rather than half read.
    static func feedMessage(_ body: [UInt8]) throws(APIError) -> FeedMessage {
        guard contains(body, #""append""#),
            let o = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any], let list = o["append"]
        else { return .moves(try moveBatch(body)) }
        guard o["moves"] == nil else {
            throw .badRequest("a message holds \"moves\" or \"append\", not both; send them as two messages")
        }
        try refuseUnknownKeys(o, allowed: ["append"], "the message", takes: "append")
        guard let items = list as? [Any], !items.isEmpty else {
            throw .badRequest("\"append\" must be a non-empty array of {\"id\", \"coordinates\"}")
        }
        var appends: [AnnotationStore.TrailAppend] = []
        appends.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let what = "append[\(i)]"
            let o = try object(item, what)
            try refuseUnknownKeys(o, allowed: ["id", "coordinates"], what, takes: "id and coordinates")
            let id = try string(o, "id", what)
            try AnnotationFieldRules.checkID(id, what)
            let (coordinates, altitudes) = try positions(o["coordinates"], "\(what) (\(id.prefix(40)))")
            appends.append(AnnotationStore.TrailAppend(id: id, coordinates: coordinates, altitudes: altitudes))
        }
        return .appends(appends)
    }
}
