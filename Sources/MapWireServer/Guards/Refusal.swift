import HTTPTypes
import SessionTransport

/// An answer given at header time instead of the route's, after which the
/// connection closes (so no unread body can be taken for a next request).
struct Refusal: Error, Sendable, Equatable {
    var status: Int
    var message: String
    /// Extra response headers, such as `WWW-Authenticate` on a 401.
    var headers: [(String, String)] = []

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A route's refusal (a 415 or 406 decided from the head), fields and all.
    init(_ response: RouteResponse) {
        status = response.status
        message = String(decoding: response.body, as: UTF8.self)
        answer = response
    }

    /// What is sent: a route's own answer, or the error shape with `message`.
    private var answer: RouteResponse?

    var response: RouteResponse {
        if let answer { return answer }
        var response = RouteResponse.error(status, message)
        for (name, value) in headers {
            if let name = HTTPField.Name(name) {
                response.head.headerFields.append(HTTPField(name: name, value: value))
            }
        }
        return response
    }

    /// The 405 for a route that does not take `method`, with the `Allow` RFC 9110 requires.
    static func methodNotAllowed(_ method: String, path: String, allowed: Set<String>) -> Refusal {
        let list = RouteResponse.allowHeader(allowed)
        var refusal = Refusal(405, "method \(method.prefix(20)) not allowed on \(path.prefix(200)); use \(list)")
        refusal.headers.append(("Allow", list))
        return refusal
    }

    static func == (lhs: Refusal, rhs: Refusal) -> Bool {
        lhs.status == rhs.status && lhs.message == rhs.message
            && lhs.headers.map { "\($0.0): \($0.1)" } == rhs.headers.map { "\($0.0): \($0.1)" }
    }
}
