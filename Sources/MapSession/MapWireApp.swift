import Foundation

/// The composition root: one shared world of annotations, a session per browser,
/// and the HTTP API over that world. The server transport talks to it only
/// through `SessionFactory` and `HTTPHandler`.
public final class MapWireApp: SessionFactory, HTTPHandler, @unchecked Sendable {
    /// Where the app finds its data.
    public struct Options: Sendable {
        /// The folder with `basemap.bin`, `people.json` and the other fixtures.
        public var dataDirectory: URL
        /// The folder served as the page (`Public/`); fonts are measured from here.
        public var publicDirectory: URL
        /// Whether the built-in demo feed moves annotations.
        public var demo: Bool

        public init(dataDirectory: URL, publicDirectory: URL, demo: Bool = true) {
            self.dataDirectory = dataDirectory
            self.publicDirectory = publicDirectory
            self.demo = demo
        }
    }

    public let options: Options

    public init(options: Options) throws {
        self.options = options
    }

    public func openSession(output: SessionOutput) -> SessionConnection {
        PlaceholderConnection()
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse? {
        switch request.path {
        case "/healthz": return .json(200, "{\"status\":\"ok\"}")
        case let p where p.hasPrefix("/api/"): return .error(404, "no route \(request.method) \(p)")
        default: return nil
        }
    }

    /// Closes every session's work (timers, feeds) before the process exits.
    public func shutdown() {}
}

// Replaced by the real session in the next step; keeps the transport buildable.
final class PlaceholderConnection: SessionConnection, @unchecked Sendable {
    func receive(_ message: [UInt8]) {}
    func disconnected() {}
}
