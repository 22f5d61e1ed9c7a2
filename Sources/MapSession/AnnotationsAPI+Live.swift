import MapCore

/// The writing half of the API: moves, adds and removes on the shared
/// store (docs/http-api.md, "Live annotations").
extension AnnotationsAPI {
    func respondLive(to request: HTTPRequest) -> HTTPResponse {
        do throws(APIError) {
            return try route(request)
        } catch {
            return error.response
        }
    }

    private func route(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let store = world.store
        let path = request.path
        if path == "/api/moves" {
            guard request.method == "POST" else { throw .methodNotAllowed("use POST for /api/moves") }
            try Self.requireJSON(request)
            let batch = try LiveRequests.moveBatch(request.body)
            let result = try APIError.mappingWorldErrors { () throws(WorldError) in try store.apply(batch.moves) }
            return .json(200, encoding: MoveAnswer(result, echoesMoves: batch.echoesMoves))
        }
        if path == "/api/annotations" {
            switch Self.mediaType(request.contentType) {
            case "application/geo+json": return try importFeatures(request, ndjson: false)
            case "application/x-ndjson": return try importFeatures(request, ndjson: true)
            default: try Self.requireJSON(request)
            }
            let annotation = try LiveRequests.annotation(request.body)
            let r = try APIError.mappingWorldErrors { () throws(WorldError) in try store.add(annotation) }
            return .json(201, encoding: AddedAnswer(added: AnnotationAnswer(r)))
        }
        let rest = path.dropFirst("/api/annotations/".count).split(separator: "/", omittingEmptySubsequences: false)
        guard let first = rest.first, !first.isEmpty else { throw .notFound("no route \(request.method) \(path)") }
        // The transport hands over the path percent-decoded once already;
        // decoding it again would let `pct%2541` address `pctA`.
        let id = String(first)
        try AnnotationFieldRules.checkID(id, "path")
        switch (request.method, rest.count == 2 ? String(rest[1]) : rest.count == 1 ? "" : nil) {
        case ("GET", ""):
            guard let r = store.record(id: id) else { throw APIError(WorldError.unknownID(id)) }
            return .json(200, encoding: AnnotationAnswer(r))
        case ("DELETE", ""):
            let r = try APIError.mappingWorldErrors { () throws(WorldError) in try store.remove(id: id) }
            return .json(200, encoding: RemovedAnswer(removed: AnnotationAnswer(r)))
        case ("PATCH", ""):
            try Self.requireJSON(request)
            let edit = try LiveRequests.annotationEdit(request.body)
            let r = try APIError.mappingWorldErrors { () throws(WorldError) in try store.update(id: id, edit.apply) }
            return .json(200, encoding: AnnotationAnswer(r))
        case (_, ""):
            throw .methodNotAllowed("method \(request.method) not allowed on \(path); use GET, PATCH or DELETE")
        case ("POST", "position"):
            try Self.requireJSON(request)
            guard store.record(id: id) != nil else { throw APIError(WorldError.unknownID(id)) }
            let move = try LiveRequests.move(LiveRequests.json(request.body, "position"), "position", id: id)
            let result = try APIError.mappingWorldErrors { () throws(WorldError) in try store.apply([move]) }
            return .json(200, encoding: MoveAnswer(result))
        case (_, "position"):
            throw .methodNotAllowed("method \(request.method) not allowed on \(path); use POST")
        default:
            throw .notFound("no route \(request.method) \(path)")
        }
    }

    /// A body these routes read is JSON: one the client says is GeoJSON or
    /// NDJSON (which the transport lets through for imports) is refused, not
    /// read as JSON. No type at all is read as JSON: the transport refuses a
    /// write's body without one before it gets here.
    static func requireJSON(_ request: HTTPRequest) throws(APIError) {
        guard let type = request.contentType, mediaType(type) != "application/json" else { return }
        throw APIError(status: 415, message: "Content-Type \(type.prefix(100)): \(request.method) "
                       + "\(request.path.prefix(200)) reads application/json")
    }
}
