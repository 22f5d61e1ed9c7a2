import Foundation
import HTTPTypes

/// A route's answer: swift-http-types' `HTTPResponse` (status and fields)
/// and the body. The transport adds the fields every answer carries.
public struct RouteResponse: Sendable, Equatable {
    /// The status and the answer's own fields (`Content-Type`, `Allow`, ...).
    public var head: HTTPResponse
    public var body: [UInt8]

    /// `status` with `body` of `contentType`.
    public init(status: Int, contentType: String, body: [UInt8]) {
        var fields = HTTPFields()
        fields[.contentType] = contentType
        head = HTTPResponse(status: .init(code: status), headerFields: fields)
        self.body = body
    }

    /// The answer with `head` as given.
    public init(head: HTTPResponse, body: [UInt8]) {
        self.head = head
        self.body = body
    }

    /// The status code.
    public var status: Int { head.status.code }
    /// The `Content-Type` field, "" when the answer has none.
    public var contentType: String { head.headerFields[.contentType] ?? "" }

    /// A JSON answer; `json` must already be serialised.
    public static func json(_ status: Int, _ json: String) -> RouteResponse {
        RouteResponse(status: status, contentType: "application/json", body: Array(json.utf8))
    }

    /// `value` encoded as JSON; a value that cannot be encoded is a 500 saying so.
    public static func json(_ status: Int, encoding value: some Encodable) -> RouteResponse {
        guard let body = RouteJSON.encode(value) else {
            return RouteResponse(
                status: 500, contentType: "application/json",
                body: RouteJSON.encode(RouteJSON.unencodable) ?? [])
        }
        return RouteResponse(status: status, contentType: "application/json", body: body)
    }

    /// The error shape of every route and refusal: `{"error": "...", "status": N}`.
    public static func error(_ status: Int, _ message: String) -> RouteResponse {
        json(status, encoding: ErrorAnswer(error: message, status: status))
    }
}

/// The body of every error answer.
public struct ErrorAnswer: Encodable, Sendable {
    /// What went wrong, naming the field, item or limit.
    public let error: String
    /// The HTTP status again, for clients that see only the body.
    public let status: Int

    /// The error `error` with `status`.
    public init(error: String, status: Int) {
        self.error = error
        self.status = status
    }
}

/// How every JSON answer is written: one encoder configuration for the
/// routes, the feed and the transport's own refusals.
package enum RouteJSON {
    /// Keys sorted, so an answer reads the same on every run (a Swift
    /// dictionary's order changes per process) and a feed's answer starts
    /// with `"applied"`; slashes unescaped, as they are in the requests.
    /// Doubles print shortest round-trip (`48.85`, `10` for `10.0`).
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as JSON bytes; nil when it cannot be encoded (a non-finite number).
    package static func encode(_ value: some Encodable) -> [UInt8]? {
        (try? encoder.encode(value)).map(Array.init)
    }

    /// Said when an answer cannot be encoded; never expected, as the world
    /// holds only finite coordinates.
    package static let unencodable = ErrorAnswer(error: "the answer cannot be written as JSON", status: 500)
}
