import JSONScanning
import LiveWorld
import SessionTransport

/// Lines and areas through the API: one added as JSON, edited, removed,
/// and positions appended to a line. Each answers once the change is in
/// the store file. Shapes and annotations share one namespace of ids, so
/// `/api/annotations/{id}` reaches either.
extension AnnotationsAPI {
    /// `POST /api/annotations` with a JSON body that has a `geometry`.
    func addShape(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let shape = try LiveRequests.newShape(request.body)
        try APIError.mappingWorldErrors { () throws(WorldError) in try store.add(shapes: [shape]) }
        return .json(201, encoding: AddedAnswer(added: ShapeAnswer(shape)))
    }

    /// `PATCH /api/annotations/{id}` on a shape: geometry, texts and style.
    func editShape(_ shape: LiveShape, _ request: RouteRequest) throws(APIError) -> RouteResponse {
        let edit = try LiveRequests.shapeEdit(request.body, isArea: shape.isArea)
        let edited = try APIError.mappingWorldErrors { () throws(WorldError) in
            try store.updateShape(id: shape.id, geometry: edit.geometry, edit.apply)
        }
        return .json(200, encoding: ShapeAnswer(edited))
    }

    /// `DELETE /api/annotations/{id}` on a shape.
    func removeShape(id: String) throws(APIError) -> RouteResponse {
        let removed = try APIError.mappingWorldErrors { () throws(WorldError) in try store.removeShape(id: id) }
        return .json(200, encoding: RemovedAnswer(removed: ShapeAnswer(removed)))
    }

    /// `POST /api/annotations/{id}/coordinates`: positions appended to a
    /// line, a trail keeping its newest. An unknown id is 404 whatever the
    /// body, as for a position; a point or an area is 409.
    func appendCoordinates(_ request: RouteRequest) throws(APIError) -> RouteResponse {
        let id = try Self.id(request)
        guard store.shape(id: id) != nil else {
            guard store.record(id: id) == nil else {
                throw APIError(WorldError.notAppendable(id, why: "it is an annotation (a point), not a LineString"))
            }
            throw APIError(WorldError.unknownID(id))
        }
        let append = try LiveRequests.append(request.body, id: id)
        let result = try APIError.mappingWorldErrors { () throws(WorldError) in try store.extendShapes([append]) }
        return .json(200, encoding: AppendAnswer(result))
    }
}
