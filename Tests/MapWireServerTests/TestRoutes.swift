import SessionTransport

/// Route tables shaped like the API's, for the transport's tests.
enum TestRoutes {
    /// A JSON body, read whole.
    static let jsonBody: [String: Route.BodyReading] = ["application/json": .whole]
    /// What the API's add route reads: JSON, GeoJSON within the import limit, NDJSON streamed.
    static let writeBodies: [String: Route.BodyReading] = [
        "application/json": .whole, "application/geo+json": .bulk, "application/x-ndjson": .streamed,
    ]

    /// The API's paths, methods, bodies and write flags, every route answering `{}`.
    static let apiLike: RouteTable = {
        let ok: @Sendable (RouteRequest) -> RouteResponse = { _ in .json(200, "{}") }
        return RouteTable(
            [
                Route("GET", "/healthz", handler: ok),
                Route("GET", "/api/annotations", handler: ok),
                Route("POST", "/api/annotations", body: writeBodies, writes: true, handler: ok),
                Route("GET", "/api/annotations/{id}", handler: ok),
                Route("PATCH", "/api/annotations/{id}", body: jsonBody, writes: true, handler: ok),
                Route(
                    "DELETE", "/api/annotations/{id}", body: jsonBody, bodyIsOptional: true, writes: true, handler: ok),
                Route("POST", "/api/annotations/{id}/position", body: jsonBody, writes: true, handler: ok),
                Route("POST", "/api/moves", body: jsonBody, writes: true, handler: ok),
            ], prefixes: ["/api/"])
    }()
}
