import MapGeometry

/// Modifier keys held during an input event (bit values as on the wire).
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The modifier bits, as the browser sends them.
    public let rawValue: UInt8
    /// Modifiers from their wire bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift: with Tab, focus moves backwards.
    public static let shift = Modifiers(rawValue: 1)
    /// Control: with the wheel, a trackpad pinch.
    public static let control = Modifiers(rawValue: 2)
    /// Alt (Option on a Mac).
    public static let alt = Modifiers(rawValue: 4)
    /// Meta (Command on a Mac, Windows key elsewhere).
    public static let meta = Modifiers(rawValue: 8)
}

/// A pointer (mouse, touch or pen) going down, moving, up or being cancelled.
public struct PointerEvent: Hashable, Sendable {
    /// Where in a press the event is, as the DOM's pointerdown/move/up/cancel.
    public enum Phase: UInt8, Sendable {
        /// The pointer went down (a press began).
        case down = 0
        /// The pointer moved, pressed or hovering.
        case moved
        /// The pointer went up (the press ended).
        case up
        /// The browser took the pointer away (a system gesture): undo the press.
        case cancelled
    }
    /// What kind of device the pointer is.
    public enum Kind: UInt8, Sendable {
        /// A mouse or trackpad.
        case mouse = 0
        /// A finger on a touch screen.
        case touch
        /// A stylus.
        case pen
    }
    /// Down, moved, up or cancelled.
    public var phase: Phase
    /// Tells the fingers of a multi-touch gesture apart; stable for one press.
    public var pointerID: UInt32
    /// Mouse, touch or pen.
    public var kind: Kind
    /// DOM `buttons` bit mask.
    public var buttons: UInt8
    /// The modifier keys held.
    public var modifiers: Modifiers
    /// Screen position, CSS px.
    public var location: Point
    /// Seconds, on the browser's clock: used for velocities and double taps.
    public var time: Double

    /// An event as the browser would send it; the defaults are a primary mouse button.
    public init(
        phase: Phase, pointerID: UInt32 = 1, kind: Kind = .mouse, buttons: UInt8 = 1,
        modifiers: Modifiers = [], location: Point, time: Double
    ) {
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
    /// Where the pointer is, screen CSS px.
    public var location: Point
    /// CSS pixels.
    public var delta: Point
    /// The modifier keys held (`.control` for a pinch).
    public var modifiers: Modifiers
    /// Seconds, on the browser's clock.
    public var time: Double

    /// A scroll by `delta` at `location`.
    public init(location: Point, delta: Point, modifiers: Modifiers = [], time: Double) {
        self.location = location
        self.delta = delta
        self.modifiers = modifiers
        self.time = time
    }
}

/// A key going down or up; `key` is the DOM `KeyboardEvent.key` ("ArrowLeft", "+", "Escape", ...).
public struct KeyEvent: Hashable, Sendable {
    /// Whether the key went down or up.
    public enum Phase: UInt8, Sendable {
        /// Pressed.
        case down = 0
        /// Released.
        case up
    }
    /// Down or up.
    public var phase: Phase
    /// The DOM key name: a character, or a name such as "Enter" or "ArrowUp".
    public var key: String
    /// The modifier keys held.
    public var modifiers: Modifiers

    /// A key press (or release) of `key`.
    public init(phase: Phase = .down, key: String, modifiers: Modifiers = []) {
        self.phase = phase
        self.key = key
        self.modifiers = modifiers
    }
}
