import JSONScanning
import LiveWorld
import SessionTransport

/// A refused HTTP request: the status and a message naming the problem,
/// answered as `{"error": "...", "status": N}`.
///
/// Only the HTTP API makes these: for a body it cannot read (bad JSON, a
/// missing field, a field over its limit), a route or method it does not
/// have, and a write the world refused, mapped to its status here.
struct APIError: Error, Equatable, Sendable {
    var status: Int
    var message: String

    static func badRequest(_ m: String) -> APIError { APIError(status: 400, message: m) }
    static func notFound(_ m: String) -> APIError { APIError(status: 404, message: m) }
    static func methodNotAllowed(_ m: String) -> APIError { APIError(status: 405, message: m) }

    /// The world's refusal as the API answers it, in the world's own words.
    init(_ error: WorldError) {
        switch error {
        case .unknownID: status = 404
        case .duplicateID, .fixedAnnotation, .notEditable, .notAppendable: status = 409
        case .badGeometry: status = 400
        case .coordinateOutOfRange: status = 400
        // Nothing was applied and the client may retry once the file is fixed.
        case .storeUnavailable: status = 503
        }
        message = error.description
    }

    init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    var response: RouteResponse { .error(status, message) }

    /// Runs a write on the world; a refusal becomes the API error with its status.
    static func mappingWorldErrors<Value>(_ write: () throws(WorldError) -> Value) throws(APIError) -> Value {
        do throws(WorldError) {
            return try write()
        } catch {
            throw APIError(error)
        }
    }
}
