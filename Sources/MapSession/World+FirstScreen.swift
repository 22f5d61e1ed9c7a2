import MapGeometry
import SessionTransport
import StreetTiles
import Synchronization
import ViewKit
import Wire

/// The map a tab opens on, drawn once before any browser asks for it.
extension World {
    /// The size the first screen is drawn at: a common laptop window.
    static let firstScreenSize = Size(width: 1280, height: 800)

    /// Draws the map a browser without a camera in its URL opens on, in a
    /// session no socket sees and the app does not set up, and closes it.
    /// What that map makes and keeps for every later one (the base map's and
    /// the street map's tiles at the start camera, the cities' and streets'
    /// label layouts, the fonts' measures) is then ready: the first tab's
    /// join does not wait for it, and the memory the server holds before any
    /// tab opens already counts it. Returns the bytes of the frames drawn.
    @discardableResult
    package func drawFirstScreen() -> Int {
        let output = DiscardingOutput()
        let session = MapSession(
            id: 0, world: self, output: output, clock: ManualClock(now: 0), ticksAutomatically: false)
        session.sync {
            session.setsUpApp = false
            session.handle(
                ClientMessage.hello(
                    version: FrameEncoder.version, size: Self.firstScreenSize, devicePixelRatio: 1, hash: ""
                )
                .encoded())
            session.close()
        }
        return output.bytes.withLock { $0 }
    }
}

extension World {
    /// Forgets the street and base map tiles (and their names' layouts)
    /// made for the places tabs looked at, and draws the first screen again:
    /// a server nobody watches holds what its next tab most likely needs, not
    /// up to `StreetTileSet.defaultByteLimit` of tiles for every place its
    /// last visitors saw. The tiles a map still draws stay alive with it.
    package func restWithNoTabOpen() {
        streetStyles?.forgetMadeTiles()
        (baseMap?.tiles as? StreetTileSet)?.forgetMadeTiles()
        drawFirstScreen()
    }
}

/// A session's output that only counts what it was sent.
private final class DiscardingOutput: SessionOutput {
    let bytes = Mutex(0)
    func send(_ message: [UInt8]) { bytes.withLock { $0 += message.count } }
    func close(code: WebSocketCloseCode, reason: String) {}
}
