import DisplayList
import MapCore
import MapGeometry
import SessionTransport
import Testing
import Wire

@testable import LiveWorld
@testable import MapSession

/// The session's side of embedding: it names the allowed origins in frame 1,
/// turns selection, camera settles and callout taps into events, and carries
/// out the embedding page's commands (docs/embedding.md).
@Suite struct EmbeddingSessionTests {
    static let paris = "#13/48.855/2.345"
    static let sanFrancisco = "#13/37.795/-122.43"

    private func seamWorld() -> (SeamTestApp, World) {
        let app = SeamTestApp()
        return (app, World(fonts: sharedWorld.fonts, baseMap: nil, app: app))
    }

    private func selectEvents(_ h: SessionHarness) -> [EmbedEvent] {
        h.replica.embedEvents.filter {
            switch $0 {
            case .select, .deselect: return true
            default: return false
            }
        }
    }

    private func lastCamera(_ h: SessionHarness) -> (latitude: Double, longitude: Double, zoom: Double)? {
        for event in h.replica.embedEvents.reversed() {
            if case let .camera(latitude, longitude, zoom) = event { return (latitude, longitude, zoom) }
        }
        return nil
    }

    @Test func frameOneNamesTheOriginsAndTheCamera() throws {
        let h = SessionHarness(hash: "#4/20/10", embedOrigins: ["https://news.example", "http://localhost:8081"])
        let first = try #require(h.frames.first)
        #expect(first.number == 1)
        #expect(first.ops.contains(.embedOrigins(["https://news.example", "http://localhost:8081"])))
        let camera = try #require(lastCamera(h))
        #expect(abs(camera.latitude - 20) < 1e-6 && abs(camera.longitude - 10) < 1e-6 && camera.zoom == 4)
    }

    @Test func withoutAllowedOriginsTheListIsEmptyButSent() throws {
        let h = SessionHarness()
        #expect(h.frames.first?.ops.contains(.embedOrigins([])) == true)
    }

    @Test func clickingASharedPinSendsItsStoreIDAndTheAppsDelegateStillHears() throws {
        let (_, world) = seamWorld()
        let h = SessionHarness(hash: Self.paris, world: world)
        let roastery = try #require(h.center(of: "Shared Roastery"))
        h.click(roastery)
        h.settle(seconds: 0.5)
        #expect(selectEvents(h) == [.select(id: "roastery")])
        let delegate = try #require(h.session.sync { h.session.appObject as? SeamTestApp.Delegate })
        #expect(h.session.sync { delegate.selected } == ["Shared Roastery"], "the app keeps its delegate")
        // Empty map: the selection goes, and the page hears which one.
        h.time += 1000
        h.click(Point(x: 40, y: 760))
        h.settle(seconds: 0.5)
        #expect(selectEvents(h) == [.select(id: "roastery"), .deselect(id: "roastery")])
    }

    @Test func aPerTabPinIsNamedByItsTitle() throws {
        let (_, world) = seamWorld()
        let h = SessionHarness(hash: Self.paris, world: world)
        let cafe = try #require(h.center(of: "Tab Café"))
        h.click(cafe)
        h.settle(seconds: 0.5)
        #expect(selectEvents(h) == [.select(id: "Tab Café")])
    }

    @Test func setCameraMovesTheMapAndTheEventAndURLFollow() throws {
        let h = SessionHarness()
        h.send(.embed(seq: h.nextSeq(), .setCamera(latitude: 48.8566, longitude: 2.3522, zoom: 11, animated: false)))
        let center = h.camera.centerCoordinate
        #expect(abs(center.latitude - 48.8566) < 1e-6 && abs(center.longitude - 2.3522) < 1e-6)
        #expect(h.camera.zoom == 11)
        let camera = try #require(lastCamera(h))
        #expect(abs(camera.latitude - 48.8566) < 1e-6 && abs(camera.longitude - 2.3522) < 1e-6 && camera.zoom == 11)
        #expect(h.replica.url == "#11.00/48.85660/2.35220")
    }

    @Test func anAnimatedSetCameraSendsOneCameraEventWhenItSettles() throws {
        let h = SessionHarness()
        let before = h.replica.embedEvents.count
        h.send(.embed(seq: h.nextSeq(), .setCamera(latitude: -33.86, longitude: 151.21, zoom: 6, animated: true)))
        #expect(h.replica.embedEvents.count == before, "nothing until the camera settles")
        h.settle(seconds: 1)
        #expect(h.replica.embedEvents.count == before + 1)
        let camera = try #require(lastCamera(h))
        #expect(abs(camera.latitude + 33.86) < 1e-6 && abs(camera.longitude - 151.21) < 1e-6 && camera.zoom == 6)
    }

    @Test func selectByStoreIDLooksAtAnOffScreenPinAndOpensItsCallout() throws {
        let h = SessionHarness(hash: "#4/20/0")
        h.send(.embed(seq: h.nextSeq(), .select(id: "golden-gate-bridge")))
        h.settle(seconds: 0.5)
        #expect(selectEvents(h) == [.select(id: "golden-gate-bridge")])
        #expect(h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Golden Gate Bridge" })
        let center = h.camera.centerCoordinate
        #expect(abs(center.latitude - 37.8) < 1 && abs(center.longitude + 122.5) < 1, "the map moved to the bridge")
        h.send(.embed(seq: h.nextSeq(), .deselect))
        h.settle(seconds: 0.5)
        #expect(selectEvents(h).last == .deselect(id: "golden-gate-bridge"))
        #expect(!h.replica.accessibility.contains { $0.role == .dialog && $0.name == "Golden Gate Bridge" })
    }

    @Test func selectByTitleFindsAPerTabPin() throws {
        let (_, world) = seamWorld()
        let h = SessionHarness(hash: Self.paris, world: world)
        h.send(.embed(seq: h.nextSeq(), .select(id: "Tab Café")))
        h.settle(seconds: 0.5)
        #expect(h.replica.element(named: "Tab Café")?.flags.contains(.selected) == true)
        #expect(selectEvents(h) == [.select(id: "Tab Café")])
    }

    @Test func anUnknownIDChangesNothingAndKeepsTheSession() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let camera = h.camera
        h.send(.embed(seq: h.nextSeq(), .select(id: "no-such-pin")))
        h.settle(seconds: 0.3)
        #expect(selectEvents(h).isEmpty)
        #expect(h.camera == camera)
        #expect(h.output.closed.withLock { $0 } == nil)
    }

    @Test func aCalloutAccessoryTapIsACalloutActionNamedByTheControl() throws {
        let h = SessionHarness(hash: Self.sanFrancisco)
        let bridge = try #require(h.center(of: "Golden Gate Bridge"))
        h.click(bridge)
        h.settle()
        let info = try #require(h.center(of: "More Info"))
        h.time += 1000
        h.click(info)
        h.settle()
        #expect(h.replica.embedEvents.contains(.calloutAction(id: "golden-gate-bridge", control: "More Info")))
        #expect(h.replica.element(named: "Done") != nil, "the app's delegate still opened its card")
    }

    @Test func aCommandOutOfRangeClosesTheSessionAsAProtocolError() throws {
        let h = SessionHarness()
        let command = EmbedCommand.setCamera(latitude: 0, longitude: 0, zoom: 3, animated: false)
        var bytes = ClientMessage.embed(seq: h.nextSeq(), command).encoded()
        // latitude (f64 after opcode and seq) set to 91.
        let latitude = withUnsafeBytes(of: (91.0).bitPattern.littleEndian, Array.init)
        bytes.replaceSubrange(5..<13, with: latitude)
        h.sendRaw(bytes)
        let closed = try #require(h.output.closed.withLock { $0 })
        #expect(closed.code == .protocolError)
        #expect(closed.reason.contains("EMBED_SET_CAMERA latitude"))
    }
}
