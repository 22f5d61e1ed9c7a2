/// Every dynamic route and the methods it takes, in one place: the transport
/// answers other methods 405 with `Allow` from here before reading a body,
/// `OPTIONS` lists them, and `docs/openapi.yaml` describes the same table.
enum APIRoutes {
    /// The methods of `path`'s route, `HEAD` wherever `GET` is; nil when
    /// no route has that path.
    static func allowedMethods(forPath path: String) -> Set<String>? {
        switch path {
        case "/healthz", "/metrics", "/api/annotations.geojson":
            return ["GET", "HEAD"]
        case "/api/annotations":
            return ["GET", "HEAD", "POST"]
        case "/api/moves":
            return ["POST"]
        default:
            break
        }
        let prefix = "/api/annotations/"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard let id = rest.first, !id.isEmpty else { return nil }
        switch rest.count {
        case 1: return ["GET", "HEAD", "PATCH", "DELETE"]
        case 2 where rest[1] == "position": return ["POST"]
        default: return nil
        }
    }
}
