/// A corner of the map where a control sits.
public enum MapControlCorner: String, CaseIterable, Sendable {
    /// Along the top edge, at the left.
    case topLeft = "top-left"
    /// Along the top edge, at the right.
    case topRight = "top-right"
    /// Along the bottom edge, at the left.
    case bottomLeft = "bottom-left"
    /// Along the bottom edge, at the right.
    case bottomRight = "bottom-right"

    /// True for the two top corners: controls there stack downwards.
    public var isTop: Bool { self == .topLeft || self == .topRight }
    /// True for the two left corners.
    public var isLeft: Bool { self == .topLeft || self == .bottomLeft }
}

/// Which of the map's own controls show, and in which corner; nil hides one.
/// The defaults are where web maps put them: zoom (with the keyboard
/// shortcuts button under it) top left, the scale bar bottom left, the
/// attribution bottom right. Controls sharing a corner stack in the order
/// zoom, keyboard shortcuts, scale bar, attribution, starting at the corner.
public struct MapControlsOptions: Equatable, Sendable {
    /// The "Zoom in" and "Zoom out" buttons.
    public var zoom: MapControlCorner? = .topLeft
    /// The "Keyboard shortcuts" button, which opens the list of keys (so does `?`).
    public var keyboardHelp: MapControlCorner? = .topLeft
    /// The metric scale bar, right at the map's centre latitude.
    public var scaleBar: MapControlCorner? = .bottomLeft
    /// The credit for the map's data: the base map's sources, then `attributions`.
    public var attribution: MapControlCorner? = .bottomRight
    /// Credits shown after the base map's own ("© My City Open Data"), for an app's data.
    public var attributions: [String] = []

    /// The defaults: every control in its web-map corner.
    public init() {}

    /// No control shows (the `?` key still opens the keyboard shortcuts).
    public static var hidden: MapControlsOptions {
        var o = MapControlsOptions()
        o.zoom = nil
        o.keyboardHelp = nil
        o.scaleBar = nil
        o.attribution = nil
        return o
    }
}
