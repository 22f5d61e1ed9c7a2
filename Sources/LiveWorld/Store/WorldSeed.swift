import MapCore
import MapGeometry

/// Annotations an app puts in the shared world once per store.
public struct WorldSeed: Sendable {
    /// Names the seed in the store file, so the file knows it was written and
    /// which rows are this seed's own annotations when it starts again.
    public let name: String
    /// What the seed writes on first start.
    public var annotations: [SeedAnnotation]

    /// A seed called `name` (letters, digits, `-` and `_`) of `annotations`.
    public init(name: String, annotations: [SeedAnnotation]) {
        self.name = name
        self.annotations = annotations
    }
}

/// One annotation of a `WorldSeed`: the app's own object, so its views get
/// it back as the class they know after every restart, at its stored position.
public struct SeedAnnotation: Sendable {
    /// Its id in the shared world and the HTTP API.
    public let id: String
    /// What the API reports as its `kind`.
    public let kind: String
    /// The app's annotation object.
    public let annotation: Annotation
    /// Sets its coordinate when the feed, the API or a drag moves it; nil for
    /// a fixed annotation, which can be neither moved nor deleted.
    public let move: (@Sendable (Coordinate) -> Void)?

    /// A seeded annotation; `move` nil makes it fixed.
    public init(id: String, kind: String, annotation: Annotation, move: (@Sendable (Coordinate) -> Void)?) {
        self.id = id
        self.kind = kind
        self.annotation = annotation
        self.move = move
    }
}
