/// Every route a handler answers, declared once: the transport asks the
/// table which methods a path takes (405 and `Allow`, `OPTIONS`), whether a
/// request writes, which body types it reads and how, and who answers.
public struct RouteTable: Sendable {
    /// What the table says of a method on a path.
    public enum Resolution: Sendable {
        /// A route answers it.
        case found(RouteMatch)
        /// Routes have this path, but none takes the method: 405 with these in `Allow`.
        case methodNotAllowed(allowed: Set<String>)
        /// No route has this path (a JSON 404 where the table `owns` the path).
        case notFound
    }

    public private(set) var routes: [Route]
    /// Path prefixes the table answers wholly: a path under one that no
    /// route has is a JSON 404, not a file.
    public private(set) var prefixes: [String]

    /// `routes`, owning every path under `prefixes` (such as `/api/`) and the routes' own paths.
    public init(_ routes: [Route], prefixes: [String] = []) {
        self.routes = routes
        self.prefixes = prefixes
    }

    /// This table with `other`'s routes and prefixes after its own.
    public func adding(_ other: RouteTable) -> RouteTable {
        RouteTable(routes + other.routes, prefixes: prefixes + other.prefixes)
    }

    /// Everything the table says of `method` on `path`, read in one pass.
    public struct Lookup: Sendable {
        /// The path is the table's to answer (a route's, or under a prefix); else it is a file.
        public var owned: Bool
        /// The route for the method (`HEAD` finds the `GET` route), if one takes it.
        public var match: RouteMatch?
        /// The methods the path's routes take (`HEAD` wherever `GET` is); nil when no route has the path.
        public var allowed: Set<String>?
    }

    /// What the table says of `method` on `path`: split once, each route tried once.
    public func lookup(method: String, path: String) -> Lookup {
        let parts = RoutePattern.split(path)
        let wanted = method == "HEAD" ? "GET" : method
        var allowed: Set<String> = []
        var match: RouteMatch?
        for route in routes {
            guard let parameters = route.pattern.match(parts) else { continue }
            if route.method == wanted, match == nil { match = RouteMatch(route: route, parameters: parameters) }
            allowed.insert(route.method)
            if route.method == "GET" { allowed.insert("HEAD") }
        }
        let owned = !allowed.isEmpty || prefixes.contains { path.hasPrefix($0) || path + "/" == $0 }
        return Lookup(owned: owned, match: match, allowed: allowed.isEmpty ? nil : allowed)
    }

    /// True when `path` is the table's to answer (a route's path, or under
    /// one of its prefixes); every other path is a static file.
    public func owns(_ path: String) -> Bool {
        lookup(method: "", path: path).owned
    }

    /// The route for `method` (`HEAD` finds the `GET` route) on `path`.
    public func resolve(method: String, path: String) -> Resolution {
        let found = lookup(method: method, path: path)
        if let match = found.match { return .found(match) }
        return found.allowed.map { .methodNotAllowed(allowed: $0) } ?? .notFound
    }

    /// The pattern of the first route whose path fits `path`, whatever its method.
    package func pattern(forPath path: String) -> RoutePattern? {
        let parts = RoutePattern.split(path)
        return routes.first { $0.pattern.match(parts) != nil }?.pattern
    }

    /// The methods `path`'s routes take (`HEAD` wherever `GET` is), nil when no route has that path.
    public func allowedMethods(forPath path: String) -> Set<String>? {
        lookup(method: "", path: path).allowed
    }

    /// The answer to `request` without a transport (tests, tools): the
    /// route's, a 405, or a 404 for a path the table owns; nil for a path it
    /// does not own.
    public func respond(to request: RouteRequest) -> RouteResponse? {
        switch resolve(method: request.method, path: request.path) {
        case .found(let match):
            return match.respond(to: request)
        case .methodNotAllowed(let allowed):
            return RouteResponse.methodNotAllowed(request.method, path: request.path, allowed: allowed)
        case .notFound:
            return owns(request.path)
                ? .error(404, "no route \(request.method.prefix(20)) \(request.path.prefix(200))")
                : nil
        }
    }
}

extension RouteResponse {
    /// The 405 for a route that does not take `method`, with the `Allow` RFC 9110 requires.
    public static func methodNotAllowed(_ method: String, path: String, allowed: Set<String>) -> RouteResponse {
        let list = allowHeader(allowed)
        var answer = RouteResponse.error(
            405,
            "method \(method.prefix(20)) not allowed on \(path.prefix(200)); "
                + "use \(list)")
        answer.head.headerFields[.allow] = list
        return answer
    }

    /// Methods in the usual order: reads, writes, then `OPTIONS`.
    public static func allowHeader(_ allowed: Set<String>) -> String {
        let order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        return (order.filter(allowed.contains) + allowed.subtracting(order).sorted()).joined(separator: ", ")
    }
}

extension RouteTable {
    /// The reader a transport streams `request`'s body into: the route's,
    /// when its body type streams and the head passes the route's checks.
    public func consumer(for request: RouteRequest) -> HTTPBodyConsumer? {
        guard case .found(let match) = resolve(method: request.method, path: request.path) else { return nil }
        let (prepared, refusal) = match.prepare(request, bodyLength: 1)
        return refusal == nil ? match.route.consumer(for: prepared) : nil
    }
}
