import InputEvents
import MapGeometry

extension ClientMessage {
    /// The bytes a browser would send: for tests and the load tool.
    package func encoded() -> [UInt8] {
        var w = ByteWriter(capacity: 48)
        switch self {
        case let .hello(version, size, dpr, hash, scheme, style):
            w.u8(Op.hello.rawValue)
            w.u16(version)
            w.f32(Float(size.width))
            w.f32(Float(size.height))
            w.f32(Float(dpr))
            w.string(hash)
            w.u8(scheme.rawValue)
            w.string(style)
        case let .colorScheme(seq, scheme):
            w.u8(Op.colorScheme.rawValue)
            w.u32(seq)
            w.u8(scheme.rawValue)
        case let .ack(frame):
            w.u8(Op.ack.rawValue)
            w.u32(frame)
        case let .pointer(seq, e):
            w.u8(Op.pointer.rawValue)
            w.u32(seq)
            w.u8(e.phase.rawValue)
            w.u32(e.pointerID)
            w.u8(e.kind.rawValue)
            w.u8(e.buttons)
            w.u8(e.modifiers.rawValue)
            w.f32(Float(e.location.x))
            w.f32(Float(e.location.y))
            w.f64(e.time * 1000)
        case let .wheel(seq, e):
            w.u8(Op.wheel.rawValue)
            w.u32(seq)
            w.u8(e.modifiers.rawValue)
            w.f32(Float(e.location.x))
            w.f32(Float(e.location.y))
            w.f32(Float(e.delta.x))
            w.f32(Float(e.delta.y))
            w.f64(e.time * 1000)
        case let .key(seq, e):
            w.u8(Op.key.rawValue)
            w.u32(seq)
            w.u8(e.phase.rawValue)
            w.u8(e.modifiers.rawValue)
            w.string(e.key)
        case let .resize(seq, size, dpr):
            w.u8(Op.resize.rawValue)
            w.u32(seq)
            w.f32(Float(size.width))
            w.f32(Float(size.height))
            w.f32(Float(dpr))
        case let .focus(seq, item):
            w.u8(Op.focus.rawValue)
            w.u32(seq)
            w.u32(item)
        case let .activate(seq, item):
            w.u8(Op.activate.rawValue)
            w.u32(seq)
            w.u32(item)
        case let .navigate(seq, hash):
            w.u8(Op.navigate.rawValue)
            w.u32(seq)
            w.string(hash)
        case let .embed(seq, .setCamera(latitude, longitude, zoom, animated)):
            w.u8(Op.embedSetCamera.rawValue)
            w.u32(seq)
            w.f64(latitude)
            w.f64(longitude)
            w.f64(zoom)
            w.u8(animated ? 1 : 0)
        case let .embed(seq, .select(id)):
            w.u8(Op.embedSelect.rawValue)
            w.u32(seq)
            w.string(id)
        case let .embed(seq, .deselect):
            w.u8(Op.embedDeselect.rawValue)
            w.u32(seq)
        }
        return w.bytes
    }
}
