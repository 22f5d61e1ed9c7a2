import Foundation
import SessionTransport
import Testing

/// One table says which paths are dynamic, which methods each takes, what
/// body each reads and who answers; the transport and tests ask it alike.
@Suite struct RouteTableTests {
    static let json: [String: Route.BodyReading] = ["application/json": .whole]

    static let table = RouteTable(
        [
            Route("GET", "/healthz") { _ in .json(200, "{}") },
            Route("GET", "/api/things") { _ in .json(200, "[]") },
            Route(
                "POST", "/api/things", body: ["application/json": .whole, "application/x-ndjson": .streamed],
                writes: true
            ) { request in .json(201, "{\"got\":\(request.body.count)}") },
            Route("GET", "/api/things/{id}", answers: ["application/json", "application/geo+json"]) { request in
                .json(200, "{\"id\":\"\(request.parameters["id"] ?? "")\",\"as\":\"\(request.answerType ?? "")\"}")
            },
            Route("DELETE", "/api/things/{id}", body: json, bodyIsOptional: true, writes: true) { _ in .json(200, "{}")
            },
            Route("POST", "/api/things/{id}/position", body: json, writes: true) { request in
                .json(200, "{\"id\":\"\(request.parameters["id"] ?? "")\"}")
            },
        ], prefixes: ["/api/"])

    func text(_ response: RouteResponse?) -> String {
        String(decoding: response?.body ?? [], as: UTF8.self)
    }

    @Test(arguments: ["/api/things", "/api/", "/api", "/api/nothing/here", "/healthz", "/api/things/a/position"])
    func theTableOwnsItsPathsAndPrefixes(path: String) {
        #expect(Self.table.owns(path))
    }

    @Test(arguments: ["/", "/index.html", "/apiary", "/healthz/x", "/fonts/Inter-Regular.otf"])
    func everythingElseIsAFile(path: String) {
        #expect(!Self.table.owns(path))
        #expect(Self.table.respond(to: RouteRequest(method: "GET", path: path)) == nil)
    }

    @Test func parametersAreReadFromTheirSegments() {
        let answer = Self.table.respond(
            to: RouteRequest(
                method: "POST", path: "/api/things/a+b/position",
                body: Array("{}".utf8), contentType: "application/json"))
        #expect(text(answer) == #"{"id":"a+b"}"#)
        // An empty segment is no id.
        #expect(Self.table.respond(to: RouteRequest(method: "GET", path: "/api/things/"))?.status == 404)
        #expect(Self.table.respond(to: RouteRequest(method: "GET", path: "/api/things/a/b"))?.status == 404)
    }

    @Test func theMethodsOfAPathAreItsRoutesWithHeadWhereGetIs() {
        #expect(Self.table.allowedMethods(forPath: "/api/things") == ["GET", "HEAD", "POST"])
        #expect(Self.table.allowedMethods(forPath: "/api/things/x") == ["GET", "HEAD", "DELETE"])
        #expect(Self.table.allowedMethods(forPath: "/api/things/x/position") == ["POST"])
        #expect(Self.table.allowedMethods(forPath: "/api/other") == nil)
        guard case .found(let match) = Self.table.resolve(method: "HEAD", path: "/api/things/x") else {
            Issue.record("HEAD finds the GET route")
            return
        }
        #expect(match.route.method == "GET" && match.parameters == ["id": "x"])
    }

    @Test func anotherMethodIs405NamingTheAllowedOnes() throws {
        let answer = try #require(Self.table.respond(to: RouteRequest(method: "PUT", path: "/api/things")))
        #expect(answer.status == 405)
        #expect(answer.head.headerFields[.allow] == "GET, HEAD, POST")
        #expect(text(answer).contains("\"status\":405"))
    }

    @Test func aPathWithNoRouteUnderAPrefixIsAJSON404() throws {
        let answer = try #require(Self.table.respond(to: RouteRequest(method: "GET", path: "/api/nope")))
        #expect(answer.status == 404 && answer.contentType == "application/json")
        #expect(text(answer).contains("/api/nope"))
    }

    @Test func aBodyMustBeOfATypeTheRouteReads() throws {
        let form = RouteRequest(
            method: "POST", path: "/api/things", body: Array("a=1".utf8),
            contentType: "application/x-www-form-urlencoded")
        let refused = try #require(Self.table.respond(to: form))
        #expect(refused.status == 415 && text(refused).contains("application/json, application/x-ndjson"))
        let untyped = RouteRequest(method: "POST", path: "/api/things", body: Array("{}".utf8))
        #expect(Self.table.respond(to: untyped)?.status == 415)
        let charset = RouteRequest(
            method: "POST", path: "/api/things", body: Array("{}".utf8),
            contentType: "Application/JSON; charset=utf-8")
        #expect(Self.table.respond(to: charset)?.status == 201)
    }

    @Test func aRouteThatMayGoWithoutABodyNeedsNoTypeWithoutOne() {
        #expect(Self.table.respond(to: RouteRequest(method: "DELETE", path: "/api/things/a"))?.status == 200)
        let typed = RouteRequest(
            method: "DELETE", path: "/api/things/a", body: Array("x".utf8),
            contentType: "text/plain")
        #expect(Self.table.respond(to: typed)?.status == 415)
        let bare = RouteRequest(method: "POST", path: "/api/things/a/position")
        #expect(Self.table.respond(to: bare)?.status == 415)
    }

    @Test func acceptChoosesAmongWhatTheRouteAnswers() throws {
        let geo = RouteRequest(method: "GET", path: "/api/things/a", accept: "application/geo+json")
        #expect(text(Self.table.respond(to: geo)).contains("\"as\":\"application/geo+json\""))
        let weighed = RouteRequest(
            method: "GET", path: "/api/things/a",
            accept: "application/json;q=0.5, application/geo+json;q=0.9")
        #expect(text(Self.table.respond(to: weighed)).contains("\"as\":\"application/geo+json\""))
        let none = try #require(
            Self.table.respond(
                to: RouteRequest(
                    method: "GET", path: "/api/things/a",
                    accept: "text/html")))
        #expect(none.status == 406 && text(none).contains("application/json, application/geo+json"))
    }

    @Test func writesAreTheRoutesThatSaySo() {
        let writes = Self.table.routes.filter(\.writes).map { "\($0.method) \($0.pattern)" }
        #expect(writes == ["POST /api/things", "DELETE /api/things/{id}", "POST /api/things/{id}/position"])
    }

    @Test func aStreamedTypeGetsTheRoutesReaderAndOthersNone() {
        final class Reader: HTTPBodyConsumer {
            func consume(_ piece: [UInt8]) {}
            func finish() -> RouteResponse { .json(201, "{}") }
        }
        let table = RouteTable([
            Route(
                "POST", "/api/things", body: ["application/json": .whole, "application/x-ndjson": .streamed],
                writes: true, streamer: { _ in Reader() }
            ) { _ in .json(201, "{}") }
        ])
        let ndjson = RouteRequest(method: "POST", path: "/api/things", contentType: "application/x-ndjson")
        #expect(table.consumer(for: ndjson) is Reader)
        let json = RouteRequest(method: "POST", path: "/api/things", contentType: "application/json")
        #expect(table.consumer(for: json) == nil)
        let wrongPath = RouteRequest(method: "POST", path: "/api/other", contentType: "application/x-ndjson")
        #expect(table.consumer(for: wrongPath) == nil)
    }

    @Test func aTableAddedInFrontAnswersFirst() {
        let front = RouteTable([Route("GET", "/healthz") { _ in .json(200, "{\"front\":true}") }])
        #expect(
            text(front.adding(Self.table).respond(to: RouteRequest(method: "GET", path: "/healthz")))
                == #"{"front":true}"#)
    }
}
