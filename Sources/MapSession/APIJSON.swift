import Foundation

/// How every JSON answer of the API is written: one encoder configuration
/// for the routes, the feed and `/healthz`.
enum APIJSON {
    /// Keys sorted, so an answer reads the same on every run (a Swift
    /// dictionary's order changes per process) and a feed's answer starts
    /// with `"applied"`; slashes unescaped, as they are in the requests.
    /// Doubles print shortest round-trip (`48.85`, `10` for `10.0`).
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as JSON, or nil when it cannot be (a non-finite number).
    static func encode(_ value: some Encodable) -> [UInt8]? {
        guard let data = try? encoder.encode(value) else { return nil }
        return Array(data)
    }

    /// Said when an answer cannot be encoded; never expected, as the world
    /// holds only finite coordinates.
    static let unencodable = ErrorAnswer(error: "the answer cannot be written as JSON", status: 500)
}

extension HTTPResponse {
    /// `value` as a JSON response; a 500 error object if it cannot be encoded.
    static func json(_ status: Int, encoding value: some Encodable) -> HTTPResponse {
        guard let body = APIJSON.encode(value) else {
            let failed = APIJSON.unencodable
            return HTTPResponse(status: failed.status, contentType: "application/json",
                                body: APIJSON.encode(failed) ?? [])
        }
        return HTTPResponse(status: status, contentType: "application/json", body: body)
    }
}
