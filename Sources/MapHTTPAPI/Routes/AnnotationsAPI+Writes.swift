import JSONScanning
import LiveWorld
import MapCore
import SessionTransport

/// The writing half of the API: adds and imports, edits, moves and removes
/// on the shared store. Each answers once the change is in the store file.
extension AnnotationsAPI {
    /// `POST /api/annotations`: one annotation as JSON, or an import as
    /// GeoJSON (NDJSON and GeoJSON text sequences arrive through
    /// `NDJSONImportStream`, or whole here when the transport did not stream them).
    func add(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        switch request.mediaType {
        case "application/geo+json": return try importBatch(GeoJSONImport.features(geoJSON: request.body))
        case "application/x-ndjson", "application/geo+json-seq":
            return try importBatch(GeoJSONImport.features(ndjson: request.body))
        default: break
        }
        if LiveRequests.isShape(request.body) { return try addShape(request) }
        let (annotation, trail) = try LiveRequests.annotation(request.body)
        let r = try APIError.mappingWorldErrors { () throws(WorldError) in
            try store.add(annotation, trailLimit: trail)
        }
        return .json(201, encoding: AddedAnswer(added: AnnotationAnswer(r)))
    }

    /// Adds a read import, checked, in one batch, or none of it; refusals name the feature.
    func importBatch(_ batch: GeoJSONBatch) throws(APIError) -> RouteResponse {
        let plan = try GeoJSONImportPlan(batch) { [store] id in
            store.record(id: id) != nil || store.shape(id: id) != nil
        }
        do throws(WorldError) {
            try store.add(plan.annotations, shapes: plan.shapes)
        } catch {
            var refusal = APIError(error)
            switch error {
            case .duplicateID(let id):
                if let name = plan.name(of: id) {
                    refusal.message = "\(name): \(refusal.message); nothing was imported"
                }
            case .coordinateOutOfRange(_, let id, _), .badGeometry(let id, _):
                if let name = plan.name(of: id) { refusal.message = "\(name): \(refusal.message)" }
            default: break
            }
            throw refusal
        }
        return .json(201, encoding: ImportedAnswer(imported: plan.count, ids: plan.ids, warnings: plan.warnings))
    }

    /// `PATCH /api/annotations/{id}`: title, subtitle and marker style (a
    /// shape's geometry, texts and style: `editShape`).
    func edit(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let id = try Self.id(request)
        if let shape = store.shape(id: id) { return try editShape(shape, request) }
        let edit = try LiveRequests.annotationEdit(request.body)
        let r = try APIError.mappingWorldErrors { () throws(WorldError) in try store.update(id: id, edit.apply) }
        return .json(200, encoding: AnnotationAnswer(r))
    }

    /// `DELETE /api/annotations/{id}`: an annotation, or a line or an area.
    func remove(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let id = try Self.id(request)
        if store.shape(id: id) != nil { return try removeShape(id: id) }
        let r = try APIError.mappingWorldErrors { () throws(WorldError) in try store.remove(id: id) }
        return .json(200, encoding: RemovedAnswer(removed: AnnotationAnswer(r)))
    }

    /// `POST /api/annotations/{id}/position`: one move, answered as a batch of one.
    func position(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let id = try Self.id(request)
        guard store.record(id: id) != nil else { throw APIError(WorldError.unknownID(id)) }
        let move = try LiveRequests.move(LiveRequests.json(request.body, "position"), "position", id: id)
        let result = try APIError.mappingWorldErrors { () throws(WorldError) in try store.apply([move]) }
        return .json(200, encoding: MoveAnswer(result))
    }

    /// `POST /api/moves`: a batch, all or nothing.
    func moves(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let batch = try LiveRequests.moveBatch(request.body)
        let result = try APIError.mappingWorldErrors { () throws(WorldError) in try store.apply(batch.moves) }
        return .json(200, encoding: MoveAnswer(result, echoesMoves: batch.echoesMoves))
    }
}
