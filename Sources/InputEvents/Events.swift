import MapGeometry

/// Modifier keys held during an input event (bit values as on the wire).
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1)
    public static let control = Modifiers(rawValue: 2)
    public static let alt = Modifiers(rawValue: 4)
    public static let meta = Modifiers(rawValue: 8)
}

/// A pointer (mouse, touch or pen) going down, moving, up or being cancelled.
public struct PointerEvent: Hashable, Sendable {
    public enum Phase: UInt8, Sendable { case down = 0, moved, up, cancelled }
    public enum Kind: UInt8, Sendable { case mouse = 0, touch, pen }
    public var phase: Phase
    public var pointerID: UInt32
    public var kind: Kind
    /// DOM `buttons` bit mask.
    public var buttons: UInt8
    public var modifiers: Modifiers
    /// Screen position, CSS px.
    public var location: Point
    /// Seconds, on the browser's clock: used for velocities and double taps.
    public var time: Double

    public init(phase: Phase, pointerID: UInt32 = 1, kind: Kind = .mouse, buttons: UInt8 = 1,
                modifiers: Modifiers = [], location: Point, time: Double) {
        self.phase = phase
        self.pointerID = pointerID
        self.kind = kind
        self.buttons = buttons
        self.modifiers = modifiers
        self.location = location
        self.time = time
    }
}

/// A wheel or trackpad scroll; with `.control` it is a trackpad pinch.
public struct WheelEvent: Hashable, Sendable {
    public var location: Point
    /// CSS pixels.
    public var delta: Point
    public var modifiers: Modifiers
    public var time: Double

    public init(location: Point, delta: Point, modifiers: Modifiers = [], time: Double) {
        self.location = location
        self.delta = delta
        self.modifiers = modifiers
        self.time = time
    }
}

/// A key going down or up; `key` is the DOM `KeyboardEvent.key` ("ArrowLeft", "+", "Escape", ...).
public struct KeyEvent: Hashable, Sendable {
    public enum Phase: UInt8, Sendable { case down = 0, up }
    public var phase: Phase
    public var key: String
    public var modifiers: Modifiers

    public init(phase: Phase = .down, key: String, modifiers: Modifiers = []) {
        self.phase = phase
        self.key = key
        self.modifiers = modifiers
    }
}
