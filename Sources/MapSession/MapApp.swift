import LiveWorld
import MapCore
import MapGeometry
import MapHTTPAPI
import SessionTransport

/// An app built on MapWire: what its maps show and how they behave.
///
/// MapWire runs one map per browser tab. For each new one it calls
/// `setUpSession(_:)`, where the app does what a MapKit app does in
/// `viewDidLoad`: set the map's delegate, register its annotation view
/// classes, add its annotations, add its own controls and screens. Everything
/// it adds there belongs to that tab alone; what every tab should see (and the
/// HTTP API and the producers' feed can move) goes in the shared world, seeded
/// once through `seeds`.
///
/// An app is a value shared by every session, so it is `Sendable`; the
/// per-tab state lives in the object `setUpSession(_:)` returns.
public protocol MapApp: Sendable {
    /// Annotations the app puts in the shared world: each seed is written to
    /// the store the first time the store sees its name, and from then on the
    /// store alone says what exists. Empty by default.
    var seeds: [WorldSeed] { get }

    /// Sets up a new browser tab's map: called once, on that session's queue,
    /// before its first frame. The returned object (usually the map's
    /// delegate, which the map holds weakly) lives as long as the session.
    func setUpSession(_ session: MapAppSession) -> AnyObject?
}

extension MapApp {
    public var seeds: [WorldSeed] { [] }
}

/// The app that adds nothing: a bare map showing the shared world, which the
/// HTTP API and the feed fill.
public struct EmptyMapApp: MapApp {
    /// The bare map.
    public init() {}

    public func setUpSession(_ session: MapAppSession) -> AnyObject? { nil }
}
