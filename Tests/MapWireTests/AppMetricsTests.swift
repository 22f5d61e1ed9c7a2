import Foundation
import Metrics
import Testing

@testable import MapWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app counts its own things through swift-metrics and they show on the
/// service's `/metrics`, after MapWire's own families.
@Suite struct AppMetricsTests {
    @Test func anAppsCounterShowsOnMetrics() throws {
        let store = try TemporaryStore("mapwire-metrics")
        defer { store.remove() }
        var configuration = store.configuration()
        let service = try MapWireService(app: EmptyMapApp(), configuration: configuration)
        defer { service.stop() }
        // A second service in the same process bootstraps nothing again (swift-metrics would trap).
        configuration.storePath = store.configuration(file: "other.sqlite").storePath
        let other = try MapWireService(app: EmptyMapApp(), configuration: configuration)
        other.stop()

        let opened = Counter(label: "wishlist_cards_opened_total", dimensions: [("kind", "landmark")])
        opened.increment(by: 3)
        try service.start()
        let port = try #require(service.port)
        let text = try String(contentsOf: URL(string: "http://127.0.0.1:\(port)/metrics")!, encoding: .utf8)
        #expect(text.contains("# TYPE wishlist_cards_opened_total counter\n"))
        #expect(text.contains("wishlist_cards_opened_total{kind=\"landmark\"} 3\n"))
        #expect(text.contains("mapwire_build_info{version=\"\(MapWireVersion.current)\"} 1.0\n"))
        let mapWireFamily = try #require(text.range(of: "# TYPE mapwire_sessions gauge"))
        let appFamily = try #require(text.range(of: "# TYPE wishlist_cards_opened_total"))
        #expect(mapWireFamily.lowerBound < appFamily.lowerBound, "the app's families come after MapWire's")
    }
}
