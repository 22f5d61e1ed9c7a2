import JSONScanning
import LiveWorld
import SessionTransport

/// The JSON answers of the HTTP API and the feed, as values (docs/http-api.md;
/// docs/protocol.md, "Feed endpoint"). `RouteJSON.encoder` writes them.

/// `{id, kind, title, subtitle, latitude, longitude, draggable}`, plus
/// `altitude`, `clusteringIdentifier`, `markerColor`, `markerSymbol` and
/// `markerSize` when it has them; a missing title or subtitle is `null`,
/// not left out.
struct AnnotationAnswer: Encodable {
    let record: AnnotationStore.Record

    init(_ record: AnnotationStore.Record) {
        self.record = record
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, title, subtitle, latitude, longitude, altitude, draggable, clusteringIdentifier
        case markerColor, markerSymbol, markerSize
    }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: CodingKeys.self)
        let annotation = record.annotation
        let look = record.look
        try o.encode(record.id, forKey: .id)
        try o.encode(record.kind, forKey: .kind)
        try o.encode(look.title, forKey: .title)
        try o.encode(look.subtitle, forKey: .subtitle)
        let coordinate = annotation.coordinate
        try o.encode(coordinate.latitude, forKey: .latitude)
        try o.encode(coordinate.longitude, forKey: .longitude)
        try o.encodeIfPresent((annotation as? LiveAnnotation)?.altitude, forKey: .altitude)
        try o.encode(record.draggable, forKey: .draggable)
        try o.encodeIfPresent(record.clusteringIdentifier, forKey: .clusteringIdentifier)
        try o.encodeIfPresent(look.markerColor, forKey: .markerColor)
        try o.encodeIfPresent(look.markerSymbol, forKey: .markerSymbol)
        try o.encodeIfPresent(look.markerSize?.rawValue, forKey: .markerSize)
    }
}

/// `GET /api/annotations`: `{"annotations":[...]}`, `"shapes"` when the
/// page holds lines or areas (left out otherwise, so a world of points
/// lists as it always has), and `"next"` (the cursor of the next page)
/// when `limit` cut the list.
struct AnnotationListAnswer: Encodable {
    let annotations: [AnnotationAnswer]
    var next: String?
    var shapes: [ShapeAnswer]?
}

/// `POST /api/annotations`: `{"added":{...}}`, an annotation or a shape.
struct AddedAnswer<Item: Encodable>: Encodable {
    let added: Item
}

/// `DELETE /api/annotations/{id}`: `{"removed":{...}}`, an annotation or a shape.
struct RemovedAnswer<Item: Encodable>: Encodable {
    let removed: Item
}

/// What a batch of moves did:
/// `{"applied":N,"moves":[{id,latitude,longitude}],"stale":[ids],"version":V}`.
struct MoveAnswer: Encodable {
    let result: MoveResult
    /// Whether `moves` lists what was applied; the batch's `"echo":false` leaves it out.
    let echoesMoves: Bool

    init(_ result: MoveResult, echoesMoves: Bool = true) {
        self.result = result
        self.echoesMoves = echoesMoves
    }

    enum CodingKeys: String, CodingKey {
        case applied, moves, stale, version
    }

    enum MoveKeys: String, CodingKey {
        case id, latitude, longitude
    }

    func encode(to encoder: any Encoder) throws {
        var o = encoder.container(keyedBy: CodingKeys.self)
        try o.encode(result.applied.count, forKey: .applied)
        if echoesMoves {
            // Straight from the result: a feed answers every batch, so no copy of the moves is made first.
            var moves = o.nestedUnkeyedContainer(forKey: .moves)
            for move in result.applied {
                var m = moves.nestedContainer(keyedBy: MoveKeys.self)
                try m.encode(move.id, forKey: .id)
                try m.encode(move.coordinate.latitude, forKey: .latitude)
                try m.encode(move.coordinate.longitude, forKey: .longitude)
            }
        }
        try o.encode(result.stale, forKey: .stale)
        try o.encode(result.version, forKey: .version)
    }
}
