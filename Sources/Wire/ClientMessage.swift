import InputEvents
import MapGeometry

/// A message from the browser (docs/protocol.md, Client to server), decoded.
package enum ClientMessage: Equatable, Sendable {
    /// `colorScheme` and `style` are the page's tail of HELLO: a page that predates them sends neither.
    case hello(
        version: UInt16, size: Size, devicePixelRatio: Double, hash: String,
        colorScheme: PreferredColorScheme = .unknown, style: String = "")
    case ack(frame: UInt32)
    case pointer(seq: UInt32, PointerEvent)
    case wheel(seq: UInt32, WheelEvent)
    case key(seq: UInt32, KeyEvent)
    case resize(seq: UInt32, size: Size, devicePixelRatio: Double)
    case focus(seq: UInt32, item: UInt32)
    case activate(seq: UInt32, item: UInt32)
    case navigate(seq: UInt32, hash: String)
    /// The browser's `prefers-color-scheme` changed while the page is open.
    case colorScheme(seq: UInt32, PreferredColorScheme)
    case embed(seq: UInt32, EmbedCommand)

    /// The first byte of an ACK, for transports that route ACKs early.
    package static let ackOpcode = Op.ack.rawValue

    enum Op: UInt8 {
        case hello = 0x01, ack = 0x02
        case pointer = 0x10, wheel, key, resize, focus, activate, navigate, colorScheme
        case embedSetCamera = 0x20, embedSelect, embedDeselect
    }

    /// The input sequence number, for messages that carry one.
    package var seq: UInt32? {
        switch self {
        case .hello, .ack: return nil
        case let .pointer(s, _), let .wheel(s, _), let .key(s, _), let .resize(s, _, _),
            let .focus(s, _), let .activate(s, _), let .navigate(s, _), let .colorScheme(s, _), let .embed(s, _):
            return s
        }
    }

    /// Largest zoom an `EMBED_SET_CAMERA` may ask for; the map clamps to its own range.
    static let maxZoom = 24.0

    /// Largest canvas side the server accepts, CSS px.
    static let maxViewport = 16384.0

    /// Decodes one whole message. It throws only `WireError`, which says how
    /// the session closes: callers need no catch-all.
    package static func decode(_ bytes: [UInt8]) throws(WireError) -> ClientMessage {
        var r = ByteReader(bytes)
        guard let first = bytes.first else { throw WireError.empty }
        guard let op = Op(rawValue: try r.u8("opcode")) else { throw WireError.unknownOpcode(first) }
        let message: ClientMessage
        switch op {
        case .hello:
            let version = try r.u16("HELLO version")
            let size = try viewport(&r, "HELLO")
            let dpr = try ratio(&r, "HELLO devicePixelRatio")
            let hash = try r.string("HELLO hash")
            var scheme = PreferredColorScheme.unknown
            var style = ""
            if r.remaining > 0 {
                scheme = try colorScheme(&r, "HELLO colorScheme")
                style = try r.string("HELLO style")
            }
            message = .hello(
                version: version, size: size, devicePixelRatio: dpr, hash: hash, colorScheme: scheme, style: style)
        case .ack:
            message = .ack(frame: try r.u32("ACK frame"))
        case .pointer:
            let seq = try r.u32("POINTER seq")
            guard let phase = PointerEvent.Phase(rawValue: try r.u8("POINTER phase")) else {
                throw WireError.invalidValue("POINTER phase")
            }
            let id = try r.u32("POINTER pointerId")
            guard let kind = PointerEvent.Kind(rawValue: try r.u8("POINTER pointerType")) else {
                throw WireError.invalidValue("POINTER pointerType")
            }
            let buttons = try r.u8("POINTER buttons")
            let mods = Modifiers(rawValue: try r.u8("POINTER modifiers"))
            let x = try r.finite("POINTER x"), y = try r.finite("POINTER y")
            let time = try r.f64("POINTER time")
            guard time.isFinite else { throw WireError.invalidValue("POINTER time") }
            message = .pointer(
                seq: seq,
                PointerEvent(
                    phase: phase, pointerID: id, kind: kind, buttons: buttons,
                    modifiers: mods, location: Point(x: x, y: y), time: time / 1000))
        case .wheel:
            let seq = try r.u32("WHEEL seq")
            let mods = Modifiers(rawValue: try r.u8("WHEEL modifiers"))
            let x = try r.finite("WHEEL x"), y = try r.finite("WHEEL y")
            let dx = try r.finite("WHEEL deltaX"), dy = try r.finite("WHEEL deltaY")
            let time = try r.f64("WHEEL time")
            guard time.isFinite else { throw WireError.invalidValue("WHEEL time") }
            message = .wheel(
                seq: seq,
                WheelEvent(
                    location: Point(x: x, y: y), delta: Point(x: dx, y: dy),
                    modifiers: mods, time: time / 1000))
        case .key:
            let seq = try r.u32("KEY seq")
            guard let phase = KeyEvent.Phase(rawValue: try r.u8("KEY phase")) else {
                throw WireError.invalidValue("KEY phase")
            }
            let mods = Modifiers(rawValue: try r.u8("KEY modifiers"))
            message = .key(seq: seq, KeyEvent(phase: phase, key: try r.string("KEY key"), modifiers: mods))
        case .resize:
            let seq = try r.u32("RESIZE seq")
            let size = try viewport(&r, "RESIZE")
            message = .resize(seq: seq, size: size, devicePixelRatio: try ratio(&r, "RESIZE devicePixelRatio"))
        case .focus:
            message = .focus(seq: try r.u32("FOCUS seq"), item: try r.u32("FOCUS item"))
        case .activate:
            message = .activate(seq: try r.u32("ACTIVATE seq"), item: try r.u32("ACTIVATE item"))
        case .navigate:
            message = .navigate(seq: try r.u32("NAVIGATE seq"), hash: try r.string("NAVIGATE hash"))
        case .colorScheme:
            let seq = try r.u32("COLOR_SCHEME seq")
            message = .colorScheme(seq: seq, try colorScheme(&r, "COLOR_SCHEME colorScheme"))
        case .embedSetCamera:
            let seq = try r.u32("EMBED_SET_CAMERA seq")
            let latitude = try r.f64("EMBED_SET_CAMERA latitude"), longitude = try r.f64("EMBED_SET_CAMERA longitude")
            let zoom = try r.f64("EMBED_SET_CAMERA zoom")
            guard latitude.isFinite, (-90...90).contains(latitude) else {
                throw WireError.invalidValue("EMBED_SET_CAMERA latitude")
            }
            guard longitude.isFinite, (-180...180).contains(longitude) else {
                throw WireError.invalidValue("EMBED_SET_CAMERA longitude")
            }
            guard zoom.isFinite, (0...maxZoom).contains(zoom) else {
                throw WireError.invalidValue("EMBED_SET_CAMERA zoom")
            }
            let animated = try r.u8("EMBED_SET_CAMERA animated")
            guard animated <= 1 else { throw WireError.invalidValue("EMBED_SET_CAMERA animated") }
            message = .embed(
                seq: seq,
                .setCamera(
                    latitude: latitude, longitude: longitude, zoom: zoom,
                    animated: animated == 1))
        case .embedSelect:
            message = .embed(seq: try r.u32("EMBED_SELECT seq"), .select(id: try r.string("EMBED_SELECT id")))
        case .embedDeselect:
            message = .embed(seq: try r.u32("EMBED_DESELECT seq"), .deselect)
        }
        guard r.remaining == 0 else { throw WireError.trailingBytes(opcode: first, count: r.remaining) }
        return message
    }

    private static func viewport(_ r: inout ByteReader, _ what: String) throws(WireError) -> Size {
        let w = try r.finite("\(what) width"), h = try r.finite("\(what) height")
        guard (0...maxViewport).contains(w), (0...maxViewport).contains(h) else {
            throw WireError.invalidValue("\(what) size")
        }
        return Size(width: w, height: h)
    }

    private static func colorScheme(_ r: inout ByteReader, _ what: String) throws(WireError) -> PreferredColorScheme {
        guard let scheme = PreferredColorScheme(rawValue: try r.u8(what)) else { throw WireError.invalidValue(what) }
        return scheme
    }

    private static func ratio(_ r: inout ByteReader, _ what: String) throws(WireError) -> Double {
        let v = try r.finite(what)
        guard v > 0, v <= 16 else { throw WireError.invalidValue(what) }
        return v
    }
}
