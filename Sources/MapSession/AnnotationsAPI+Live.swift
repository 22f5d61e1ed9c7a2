import MapCore

/// The writing half of the API: moves, adds and removes on the shared
/// store (README, "Live annotations").
extension AnnotationsAPI {
    func respondLive(to request: HTTPRequest) -> HTTPResponse {
        do throws(APIError) {
            return try route(request)
        } catch {
            return error.response
        }
    }

    private func route(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let path = request.path
        if path == "/api/moves" {
            guard request.method == "POST" else { throw APIError(status: 405, message: "use POST for /api/moves") }
            let result = try world.store.apply(LiveRequests.moves(request.body))
            return .json(200, Self.json(result))
        }
        if path == "/api/annotations" {
            let annotation = try LiveRequests.annotation(request.body)
            try world.store.add(annotation)
            return .json(201, "{\"added\":\(Self.object(for: world.store.record(id: annotation.id)!))}")
        }
        let rest = path.dropFirst("/api/annotations/".count).split(separator: "/", omittingEmptySubsequences: false)
        guard let first = rest.first, !first.isEmpty else { throw .notFound("no route \(request.method) \(path)") }
        // The transport hands over the path percent-decoded once already;
        // decoding it again would let `pct%2541` address `pctA`.
        let id = String(first)
        try AnnotationFieldRules.checkID(id, "path")
        switch (request.method, rest.count == 2 ? String(rest[1]) : rest.count == 1 ? "" : nil) {
        case ("GET", ""):
            guard let r = world.store.record(id: id) else { throw .notFound("no annotation with id \(id)") }
            return .json(200, Self.object(for: r))
        case ("DELETE", ""):
            let r = try world.store.remove(id: id)
            return .json(200, "{\"removed\":\(Self.object(for: r))}")
        case (_, ""):
            throw APIError(status: 405, message: "method \(request.method) not allowed on \(path); use GET or DELETE")
        case ("POST", "position"):
            guard world.store.record(id: id) != nil else { throw .notFound("no annotation with id \(id)") }
            let move = try LiveRequests.move(LiveRequests.json(request.body), "position", id: id)
            let result = try world.store.apply([move])
            return .json(200, Self.json(result))
        case (_, "position"):
            throw APIError(status: 405, message: "method \(request.method) not allowed on \(path); use POST")
        default:
            throw .notFound("no route \(request.method) \(path)")
        }
    }

    /// `{id, kind, title, subtitle, latitude, longitude, draggable}` plus
    /// `clusteringIdentifier` when it has one.
    static func object(for r: AnnotationStore.Record) -> String {
        let c = r.annotation.coordinate
        var o = object(id: r.id, kind: r.kind, title: r.annotation.title, subtitle: r.annotation.subtitle,
                       latitude: c.latitude, longitude: c.longitude, draggable: r.draggable)
        if let cluster = r.clusteringIdentifier {
            o.removeLast()
            o += ",\"clusteringIdentifier\":\(JSONText.quote(cluster))}"
        }
        return o
    }

    /// `{"applied":N,"moves":[{id,latitude,longitude}],"stale":[ids],"version":V}`.
    static func json(_ result: MoveResult) -> String {
        let moves = result.applied.map {
            "{\"id\":\(JSONText.quote($0.id)),\"latitude\":\($0.coordinate.latitude),\"longitude\":\($0.coordinate.longitude)}"
        }
        return "{\"applied\":\(result.applied.count),\"moves\":[\(moves.joined(separator: ","))],"
            + "\"stale\":[\(result.stale.map(JSONText.quote).joined(separator: ","))],\"version\":\(result.version)}"
    }
}
