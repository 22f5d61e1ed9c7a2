import DisplayList
import Foundation
import MapCore
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

/// An app that credits OpenStreetMap, as the Helsinki sample and the street tiles do.
struct OpenStreetMapCreditApp: MapApp {
    func setUpSession(_ session: MapAppSession) -> AnyObject? {
        session.controls.options.attributions.append("© OpenStreetMap contributors")
        return nil
    }
}

/// The credit's link in a whole session: a click on it, or Enter with focus
/// on it, sends `OPEN_URL` with its page in the frame that answers.
@Suite struct CreditLinkSessionTests {
    static let copyright = "https://www.openstreetmap.org/copyright"

    private func harness() -> SessionHarness {
        let app = OpenStreetMapCreditApp()
        return SessionHarness(
            hash: "#15/60.17/24.94", world: World(fonts: sharedWorld.fonts, baseMap: sharedWorld.baseMap, app: app))
    }

    private func openURLOps(_ h: SessionHarness) -> [(frame: UInt32, url: String)] {
        h.frames.flatMap { frame in
            frame.ops.compactMap { op -> (UInt32, String)? in
                if case let .openURL(url) = op { return (frame.number, url) }
                return nil
            }
        }
    }

    @Test func theCreditIsALinkInTheMirror() throws {
        let h = harness()
        let link = try #require(h.replica.element(named: "© OpenStreetMap contributors"))
        #expect(link.role == .link)
        #expect(h.replica.element(named: "Map data: Natural Earth")?.role == .text)
        #expect(h.replica.openedURLs.isEmpty, "nothing opens by itself")
    }

    @Test func clickingTheCreditSendsOpenURLInTheFrameThatAnswersTheClick() throws {
        let h = harness()
        let centre = try #require(h.center(of: "© OpenStreetMap contributors"))
        h.pointer(.down, centre)
        h.pointer(.up, centre)
        let sent = openURLOps(h)
        #expect(sent.map(\.url) == [Self.copyright])
        // The frame answering the release carries it: the page opens the tab while the click still counts.
        let answer = try #require(h.frames.last { $0.ops.contains(.openURL(Self.copyright)) })
        #expect(answer.inputSeq == h.seq)
        #expect(h.replica.openedURLs == [Self.copyright])
        #expect(h.camera.zoom == 15, "the map did not zoom or pan")
        h.settle(seconds: 0.5)
        #expect(openURLOps(h).count == 1, "sent once")
    }

    @Test func enterOnTheFocusedCreditSendsOpenURL() throws {
        let h = harness()
        let link = try #require(h.replica.element(named: "© OpenStreetMap contributors"))
        h.send(.focus(seq: h.nextSeq(), item: link.item))
        h.key("Enter")
        #expect(h.replica.openedURLs == [Self.copyright])
        h.send(.activate(seq: h.nextSeq(), item: link.item))
        #expect(h.replica.openedURLs == [Self.copyright, Self.copyright])
    }

    @Test func openURLSurvivesTheWire() throws {
        let bytes = FrameEncoder.frame(number: 3, inputSeq: 2, ops: [.openURL(Self.copyright)])
        guard case let .frame(_, _, ops) = try FrameDecoder.decode(bytes) else {
            Issue.record("not a frame")
            return
        }
        #expect(ops == [.openURL(Self.copyright)])
        #expect(bytes[9] == 0x45)
    }
}
