import Foundation
import MapSession
import Testing
@testable import MapWireServer

@Suite struct HTTPRoutingTests {
    final class Handler: HTTPHandler {
        func respond(to request: HTTPRequest) -> HTTPResponse? {
            switch request.path {
            case "/healthz": return .json(200, "{}")
            case "/metrics": return HTTPResponse(status: 200, contentType: "text/plain", body: Array("app_up 1".utf8))
            default: return nil
            }
        }
    }

    @Test(arguments: ["/api/annotations", "/api/", "/api", "/healthz", "/metrics"])
    func dynamicPaths(path: String) {
        #expect(HTTPRouting.isDynamic(path))
    }

    @Test(arguments: ["/", "/index.html", "/apiary", "/healthz/x", "/fonts/Inter-Regular.otf"])
    func staticPaths(path: String) {
        #expect(!HTTPRouting.isDynamic(path))
    }

    @Test func unknownDynamicRouteIsJSON404() {
        let response = HTTPRouting.answer(HTTPRequest(method: "GET", path: "/api/nope"), handler: Handler())
        #expect(response.status == 404)
        #expect(response.contentType == "application/json")
        let json = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(json?["status"] as? Int == 404)
        #expect((json?["error"] as? String)?.contains("/api/nope") == true)
    }

    @Test func missingStaticFileIsJSON404WithoutTheHandler() {
        let response = HTTPRouting.answer(HTTPRequest(method: "GET", path: "/nope.png"), handler: Handler())
        #expect(response.status == 404)
        #expect(response.contentType == "application/json")
    }

    @Test func handlerAnswersItsRoutes() {
        let response = HTTPRouting.answer(HTTPRequest(method: "GET", path: "/healthz"), handler: Handler())
        #expect(response == .json(200, "{}"))
    }

    @Test func bodiesAreBounded() {
        var body = RequestBody(limit: 4)
        let first = body.append([1, 2])
        let second = body.append([3, 4])
        let third = body.append([5])
        #expect(first && second && !third)
        #expect(body.overflowed)
        #expect(body.bytes.isEmpty)
        let fourth = body.append([6])
        #expect(!fourth)
        #expect(HTTPRouting.bodyTooLarge(limit: 4).status == 413)
    }

    @Test func mimeTypesCoverWhatThePageLoads() {
        #expect(MimeTypes.type(forPath: "/painter.js") == "text/javascript; charset=utf-8")
        #expect(MimeTypes.type(forPath: "/fonts/Inter-Regular.otf") == "font/otf")
        #expect(MimeTypes.type(forPath: "/a.WOFF2") == "font/woff2")
        #expect(MimeTypes.type(forPath: "/x.svg") == "image/svg+xml")
        #expect(MimeTypes.type(forPath: "/golden.bin") == "application/octet-stream")
        #expect(MimeTypes.type(forPath: "/people.json") == "application/json")
        #expect(MimeTypes.type(forPath: "/style.css") == "text/css; charset=utf-8")
        #expect(MimeTypes.type(forPath: "/README") == nil)
    }

    @Test func bindInterfaces() {
        let dir = URL(fileURLWithPath: "/tmp")
        #expect(ServerConfiguration(host: "127.0.0.1", publicDirectory: dir).bindInterface == ("127.0.0.1", true))
        #expect(ServerConfiguration(host: "0.0.0.0", publicDirectory: dir).bindInterface == (nil, true))
        #expect(ServerConfiguration(host: "::", publicDirectory: dir).bindInterface == (nil, false))
        #expect(ServerConfiguration(host: "localhost", publicDirectory: dir).bindInterface == ("127.0.0.1", true))
    }

    @Test func metricsAreAppendedToTheAppsOwn() {
        let metrics = ServerMetrics()
        metrics.connectionsOpen.add(2, ordering: .relaxed)
        let handler = MetricsAppendingHandler(base: Handler(), metrics: metrics)
        let response = handler.respond(to: HTTPRequest(method: "GET", path: "/metrics"))
        let text = String(decoding: response?.body ?? [], as: UTF8.self)
        #expect(text.hasPrefix("app_up 1\n"))
        #expect(text.contains("mapwire_ws_connections_open 2\n"))
        #expect(handler.respond(to: HTTPRequest(method: "GET", path: "/healthz")) == .json(200, "{}"))
    }
}
