/// A differ's record of what a browser holds, packed into bytes while its session rests.
///
/// An idle session keeps its last frame for as long as its tab stays open, and
/// a flat `ItemProperties` per item is most of what such a session costs.
/// Packed, an item keeps only the properties that differ from the defaults,
/// with ids as small deltas: a badge takes about half its flat size, a label
/// far less. Packing and unpacking are paid once when a session goes quiet
/// and once when it draws again.
struct PackedScene {
    private let bytes: [UInt8]

    init(items: [SceneItem], accessibility: [AccessibilityElement]?) {
        var w = PackWriter()
        w.bytes.reserveCapacity(items.count * 48)
        w.varint(UInt64(items.count))
        var lastID: UInt32 = 0, lastParent: UInt32 = 0
        for item in items {
            w.delta(item.id, from: &lastID)
            w.delta(item.parent, from: &lastParent)
            w.bytes.append(item.kind.rawValue)
            w.properties(item.properties)
        }
        if let accessibility {
            w.varint(UInt64(accessibility.count) + 1)
            var lastItem: UInt32 = 0
            for element in accessibility {
                w.delta(element.item, from: &lastItem)
                w.bytes.append(element.role.rawValue)
                w.bytes.append(element.flags.rawValue)
                w.string(element.name)
            }
        } else {
            w.varint(0)
        }
        // The writer grew by doubling; the rest of the session's life is spent holding this.
        bytes = [UInt8](unsafeUninitializedCapacity: w.bytes.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: w.bytes)
            count = w.bytes.count
        }
    }

    /// How many bytes the record takes.
    var size: Int { bytes.count }

    /// The items and accessibility elements exactly as they were packed.
    func unpacked() -> (items: [SceneItem], accessibility: [AccessibilityElement]?) {
        var r = PackReader(bytes: bytes)
        let count = Int(r.varint())
        var items: [SceneItem] = []
        items.reserveCapacity(count)
        var lastID: UInt32 = 0, lastParent: UInt32 = 0
        for _ in 0..<count {
            let id = r.delta(from: &lastID), parent = r.delta(from: &lastParent)
            let kind = ItemKind(rawValue: r.byte()) ?? .group
            items.append(SceneItem(id: id, parent: parent, kind: kind, properties: r.properties()))
        }
        let elements = Int(r.varint())
        guard elements > 0 else { return (items, nil) }
        var accessibility: [AccessibilityElement] = []
        accessibility.reserveCapacity(elements - 1)
        var lastItem: UInt32 = 0
        for _ in 1..<elements {
            let item = r.delta(from: &lastItem)
            let role = AccessibilityElement.Role(rawValue: r.byte()) ?? .text
            let flags = AccessibilityElement.Flags(rawValue: r.byte())
            accessibility.append(AccessibilityElement(item: item, role: role, flags: flags, name: r.string()))
        }
        return (items, accessibility)
    }
}

/// Which properties a packed item carries, one bit each, in `ItemProperties`' order.
private enum PackedField: Int {
    case text, frame, scale, alpha, fill, stroke, radius, font, image, path, bubble, shadow, scroll, anchor,
        baseline, clip, hidden, evenOdd, repeatsWorld, worldClip, line, glide, glyphs

    var bit: UInt32 { 1 << UInt32(rawValue) }
}

private struct PackWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// `value` as a zigzag varint of its distance from the last one: neighbours' ids are close.
    mutating func delta(_ value: UInt32, from last: inout UInt32) {
        let d = Int64(value) - Int64(last)
        varint(UInt64(bitPattern: (d << 1) ^ (d >> 63)))
        last = value
    }

    mutating func u32(_ v: UInt32) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func f32(_ v: Float) { u32(v.bitPattern) }

    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func properties(_ p: ItemProperties) {
        let d = ItemProperties()
        var mask: UInt32 = 0
        func mark(_ field: PackedField, _ differs: Bool) { if differs { mask |= field.bit } }
        mark(.text, p.text != d.text)
        mark(.frame, p.frame != d.frame)
        mark(.scale, p.scale != d.scale)
        mark(.alpha, p.alpha != d.alpha)
        mark(.fill, p.fill != d.fill)
        mark(.stroke, p.stroke != d.stroke)
        mark(.radius, p.radius != d.radius)
        mark(.font, p.font != d.font)
        mark(.image, p.image != d.image)
        mark(.path, p.path != d.path)
        mark(.bubble, p.bubble != d.bubble)
        mark(.shadow, p.shadow != d.shadow)
        mark(.scroll, p.scroll != d.scroll)
        mark(.anchor, p.anchor != nil)
        mark(.baseline, p.baseline != nil)
        mark(.clip, p.clip)
        mark(.hidden, p.hidden)
        mark(.evenOdd, p.evenOdd)
        mark(.repeatsWorld, p.repeatsWorld)
        mark(.worldClip, p.worldClip != nil)
        mark(.line, p.line != nil)
        mark(.glide, p.glideMilliseconds != 0)
        mark(.glyphs, p.glyphs != nil)
        varint(UInt64(mask))
        func has(_ field: PackedField) -> Bool { mask & field.bit != 0 }
        if has(.text) { string(p.text) }
        if has(.frame) {
            f32(p.frame.x)
            f32(p.frame.y)
            f32(p.frame.width)
            f32(p.frame.height)
        }
        if has(.scale) {
            f32(p.scale.scale)
            f32(p.scale.originX)
            f32(p.scale.originY)
        }
        if has(.alpha) { f32(p.alpha) }
        if has(.fill) { u32(p.fill.rgba) }
        if has(.stroke) {
            u32(p.stroke.color.rgba)
            f32(p.stroke.width)
        }
        if has(.radius) { f32(p.radius) }
        if has(.font) {
            u32(UInt32(p.font.font))
            f32(p.font.size)
        }
        if has(.image) { u32(p.image) }
        if has(.path) { u32(p.path) }
        if has(.bubble) {
            bytes.append(p.bubble.direction.rawValue)
            f32(p.bubble.arrowX)
            f32(p.bubble.arrowWidth)
            f32(p.bubble.arrowHeight)
        }
        if has(.shadow) {
            u32(p.shadow.color.rgba)
            f32(p.shadow.blur)
            f32(p.shadow.offsetY)
        }
        if has(.scroll) {
            f32(p.scroll.x)
            f32(p.scroll.y)
        }
        if let anchor = p.anchor {
            u32(UInt32(bitPattern: anchor.x))
            u32(UInt32(bitPattern: anchor.y))
        }
        if let baseline = p.baseline { f32(baseline) }
        if let box = p.worldClip {
            for v in [box.x, box.y, box.width, box.height] { u32(UInt32(bitPattern: v)) }
        }
        if let line = p.line {
            bytes.append(line.cap.rawValue)
            bytes.append(line.join.rawValue)
            f32(line.dashPhase)
            f32(line.strokeStart)
            f32(line.strokeEnd)
            varint(UInt64(line.dashPattern.count))
            for dash in line.dashPattern { f32(dash) }
        }
        if has(.glide) { u32(UInt32(p.glideMilliseconds)) }
        if let run = p.glyphs {
            varint(UInt64(run.glyphs.count))
            for g in run.glyphs {
                bytes.append(g.length)
                f32(g.x)
                f32(g.y)
                f32(g.angle)
            }
        }
    }
}

/// Reads what `PackWriter` wrote. The bytes never leave the process, so there is nothing to validate.
private struct PackReader {
    let bytes: [UInt8]
    var at = 0

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return bytes[at]
    }

    mutating func varint() -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            let b = byte()
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return value }
            shift += 7
        }
    }

    mutating func delta(from last: inout UInt32) -> UInt32 {
        let z = varint()
        let d = Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1)
        last = UInt32(truncatingIfNeeded: Int64(last) + d)
        return last
    }

    mutating func u32() -> UInt32 {
        var v: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { v |= UInt32(byte()) << UInt32(shift) }
        return v
    }

    mutating func f32() -> Float { Float(bitPattern: u32()) }

    mutating func string() -> String {
        let n = Int(varint())
        defer { at += n }
        return String(decoding: bytes[at..<at + n], as: UTF8.self)
    }

    mutating func properties() -> ItemProperties {
        let mask = UInt32(varint())
        func has(_ field: PackedField) -> Bool { mask & field.bit != 0 }
        var p = ItemProperties()
        if has(.text) { p.text = string() }
        if has(.frame) { p.frame = Rect32(x: f32(), y: f32(), width: f32(), height: f32()) }
        if has(.scale) { p.scale = ItemScale(scale: f32(), originX: f32(), originY: f32()) }
        if has(.alpha) { p.alpha = f32() }
        if has(.fill) { p.fill = Color(rgba: u32()) }
        if has(.stroke) { p.stroke = ItemStroke(color: Color(rgba: u32()), width: f32()) }
        if has(.radius) { p.radius = f32() }
        if has(.font) { p.font = ItemFont(font: UInt16(truncatingIfNeeded: u32()), size: f32()) }
        if has(.image) { p.image = u32() }
        if has(.path) { p.path = u32() }
        if has(.bubble) {
            let direction = ItemBubble.Direction(rawValue: byte()) ?? .down
            p.bubble = ItemBubble(direction: direction, arrowX: f32(), arrowWidth: f32(), arrowHeight: f32())
        }
        if has(.shadow) { p.shadow = ItemShadow(color: Color(rgba: u32()), blur: f32(), offsetY: f32()) }
        if has(.scroll) { p.scroll = Point32(x: f32(), y: f32()) }
        if has(.anchor) {
            p.anchor = WorldAnchor(x: Int32(bitPattern: u32()), y: Int32(bitPattern: u32()))
        }
        if has(.baseline) { p.baseline = f32() }
        p.clip = has(.clip)
        p.hidden = has(.hidden)
        p.evenOdd = has(.evenOdd)
        p.repeatsWorld = has(.repeatsWorld)
        if has(.worldClip) {
            let x = Int32(bitPattern: u32()), y = Int32(bitPattern: u32())
            p.worldClip = WorldClip(x: x, y: y, width: Int32(bitPattern: u32()), height: Int32(bitPattern: u32()))
        }
        if has(.line) {
            let cap = ItemLineStyle.Cap(rawValue: byte()) ?? .butt
            let join = ItemLineStyle.Join(rawValue: byte()) ?? .miter
            let phase = f32(), start = f32(), end = f32()
            let dashes = (0..<Int(varint())).map { _ in f32() }
            p.line = ItemLineStyle(
                cap: cap, join: join, dashPattern: dashes, dashPhase: phase, strokeStart: start, strokeEnd: end)
        }
        if has(.glide) { p.glideMilliseconds = UInt16(truncatingIfNeeded: u32()) }
        if has(.glyphs) {
            p.glyphs = GlyphRun(
                (0..<Int(varint())).map { _ in
                    let length = byte()
                    return GlyphRun.Glyph(length: length, x: f32(), y: f32(), angle: f32())
                })
        }
        return p
    }
}
