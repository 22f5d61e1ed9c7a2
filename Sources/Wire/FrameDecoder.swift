import DisplayList

/// A server message, decoded: the inverse of `FrameEncoder`, for test clients,
/// the load tool and the golden-fixture test.
package enum ServerMessage: Equatable, Sendable {
    case welcome(version: UInt16, session: UInt32)
    case frame(number: UInt32, inputSeq: UInt32, ops: [FrameOp])
}

package enum FrameDecoder {
    package static func decode(_ bytes: [UInt8]) throws -> ServerMessage {
        var r = ByteReader(bytes)
        let op = try r.u8("opcode")
        switch op {
        case FrameEncoder.ServerOp.welcome.rawValue:
            return .welcome(version: try r.u16("WELCOME version"), session: try r.u32("WELCOME session"))
        case FrameEncoder.ServerOp.frame.rawValue:
            let number = try r.u32("FRAME frame"), seq = try r.u32("FRAME inputSeq")
            var ops: [FrameOp] = []
            while r.remaining > 0 { ops.append(try decodeOp(&r)) }
            return .frame(number: number, inputSeq: seq, ops: ops)
        default:
            throw WireError.unknownOpcode(op)
        }
    }

    private static func blob(_ r: inout ByteReader, _ what: String) throws -> [UInt8] {
        let n = Int(try r.u32(what))
        guard r.remaining >= n else { throw WireError.truncated(what) }
        var out: [UInt8] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try r.u8(what)) }
        return out
    }

    static func decodeOp(_ r: inout ByteReader) throws -> FrameOp {
        let code = try r.u8("op")
        guard let op = FrameEncoder.Op(rawValue: code) else { throw WireError.unknownOpcode(code) }
        switch op {
        case .defineImage:
            let id = try r.u32("id")
            guard let format = ImageResource.Format(rawValue: try r.u8("format")) else {
                throw WireError.invalidValue("format")
            }
            let w = try r.f32("width"), h = try r.f32("height")
            return .defineImage(ImageResource(id: id, format: format, width: w, height: h, data: try blob(&r, "image")))
        case .definePath:
            let id = try r.u32("id")
            let ox = Int32(bitPattern: try r.u32("originX")), oy = Int32(bitPattern: try r.u32("originY"))
            let shift = try r.u8("shift")
            return .definePath(PathResource(id: id, originX: ox, originY: oy, shift: shift, data: try blob(&r, "path")))
        case .defineFont:
            return .defineFont(
                FontDescriptor(
                    id: try r.u16("font"), family: try r.string("family"),
                    url: try r.string("url"), weight: try r.u16("weight")))
        case .camera:
            return .camera(SceneCamera(centerX: try r.f64("x"), centerY: try r.f64("y"), zoom: try r.f64("zoom")))
        case .background:
            return .background(Color(rgba: try r.u32("colour")))
        case .insert:
            let item = try r.u32("item"), parent = try r.u32("parent"), index = try r.u32("index")
            guard let kind = ItemKind(rawValue: try r.u8("kind")) else { throw WireError.invalidValue("kind") }
            return .insert(item: item, parent: parent, index: index, kind: kind, properties: try properties(&r))
        case .remove:
            return .remove(item: try r.u32("item"))
        case .move:
            return .move(item: try r.u32("item"), parent: try r.u32("parent"), index: try r.u32("index"))
        case .patch:
            return .patch(item: try r.u32("item"), properties: try properties(&r))
        case .transform:
            return .transform(item: try r.u32("item"), x: try r.f32("x"), y: try r.f32("y"))
        case .accessibility:
            var elements: [AccessibilityElement] = []
            for _ in 0..<(try r.u32("count")) {
                let item = try r.u32("item")
                guard let role = AccessibilityElement.Role(rawValue: try r.u8("role")) else {
                    throw WireError.invalidValue("role")
                }
                let flags = AccessibilityElement.Flags(rawValue: try r.u8("flags"))
                elements.append(AccessibilityElement(item: item, role: role, flags: flags, name: try r.string("name")))
            }
            return .accessibility(elements)
        case .accessibilityNames:
            var names: [AccessibilityName] = []
            for _ in 0..<(try r.u32("count")) {
                let item = try r.u32("item")
                names.append(AccessibilityName(item: item, name: try r.string("name")))
            }
            return .accessibilityNames(names)
        case .focus:
            return .focus(item: try r.u32("item"))
        case .url:
            guard let mode = URLMode(rawValue: try r.u8("mode")) else { throw WireError.invalidValue("mode") }
            return .url(mode, try r.string("hash"))
        case .cursor:
            guard let cursor = Cursor(rawValue: try r.u8("cursor")) else { throw WireError.invalidValue("cursor") }
            return .cursor(cursor)
        case .openURL:
            return .openURL(try r.string("url"))
        case .embedOrigins:
            var origins: [String] = []
            for _ in 0..<(try r.u16("count")) { origins.append(try r.string("origin")) }
            return .embedOrigins(origins)
        case .eventSelect:
            return .embedEvent(.select(id: try r.string("id")))
        case .eventDeselect:
            return .embedEvent(.deselect(id: try r.string("id")))
        case .eventCamera:
            return .embedEvent(
                .camera(
                    latitude: try r.f64("latitude"), longitude: try r.f64("longitude"),
                    zoom: try r.f64("zoom")))
        case .eventCalloutAction:
            return .embedEvent(.calloutAction(id: try r.string("id"), control: try r.string("control")))
        }
    }

    static func lineStyle(_ r: inout ByteReader) throws -> ItemLineStyle {
        guard let cap = ItemLineStyle.Cap(rawValue: try r.u8("cap")) else { throw WireError.invalidValue("cap") }
        guard let join = ItemLineStyle.Join(rawValue: try r.u8("join")) else { throw WireError.invalidValue("join") }
        let phase = try r.f32("dash phase")
        let start = try r.f32("stroke start")
        let end = try r.f32("stroke end")
        var dashes: [Float] = []
        for _ in 0..<(try r.u8("dash count")) { dashes.append(try r.f32("dash")) }
        return ItemLineStyle(
            cap: cap, join: join, dashPattern: dashes, dashPhase: phase, strokeStart: start, strokeEnd: end)
    }

    static func properties(_ r: inout ByteReader) throws -> [ItemProperty] {
        var out: [ItemProperty] = []
        for _ in 0..<(try r.u8("property count")) {
            let code = try r.u8("key")
            guard let key = FrameEncoder.Key(rawValue: code) else {
                throw WireError.invalidValue("property key \(code)")
            }
            switch key {
            case .frame:
                out.append(
                    .frame(Rect32(x: try r.f32("x"), y: try r.f32("y"), width: try r.f32("w"), height: try r.f32("h"))))
            case .anchor:
                out.append(
                    .anchor(WorldAnchor(x: Int32(bitPattern: try r.u32("x")), y: Int32(bitPattern: try r.u32("y")))))
            case .clearAnchor: out.append(.clearAnchor)
            case .scale:
                out.append(.scale(ItemScale(scale: try r.f32("s"), originX: try r.f32("ox"), originY: try r.f32("oy"))))
            case .alpha: out.append(.alpha(try r.f32("alpha")))
            case .fill: out.append(.fill(Color(rgba: try r.u32("fill"))))
            case .stroke:
                out.append(.stroke(ItemStroke(color: Color(rgba: try r.u32("stroke")), width: try r.f32("width"))))
            case .radius: out.append(.radius(try r.f32("radius")))
            case .text: out.append(.text(try r.string("text")))
            case .font: out.append(.font(ItemFont(font: try r.u16("font"), size: try r.f32("size"))))
            case .image: out.append(.image(try r.u32("image")))
            case .path: out.append(.path(try r.u32("path")))
            case .clip: out.append(.clip(try r.u8("clip") != 0))
            case .bubble:
                guard let d = ItemBubble.Direction(rawValue: try r.u8("direction")) else {
                    throw WireError.invalidValue("direction")
                }
                out.append(
                    .bubble(
                        ItemBubble(
                            direction: d, arrowX: try r.f32("ax"), arrowWidth: try r.f32("aw"),
                            arrowHeight: try r.f32("ah"))))
            case .shadow:
                out.append(
                    .shadow(
                        ItemShadow(
                            color: Color(rgba: try r.u32("c")), blur: try r.f32("blur"), offsetY: try r.f32("dy"))))
            case .hidden: out.append(.hidden(try r.u8("hidden") != 0))
            case .scroll: out.append(.scroll(Point32(x: try r.f32("x"), y: try r.f32("y"))))
            case .baseline: out.append(.baseline(try r.f32("baseline")))
            case .evenOdd: out.append(.evenOdd(try r.u8("evenOdd") != 0))
            case .repeatsWorld: out.append(.repeatsWorld(try r.u8("repeat") != 0))
            case .glide: out.append(.glide(milliseconds: try r.u16("glide")))
            case .line: out.append(.line(try lineStyle(&r)))
            case .worldClip:
                let x = Int32(bitPattern: try r.u32("x")), y = Int32(bitPattern: try r.u32("y"))
                let width = Int32(bitPattern: try r.u32("w")), height = Int32(bitPattern: try r.u32("h"))
                let box = WorldClip(x: x, y: y, width: width, height: height)
                out.append(.worldClip(width > 0 && height > 0 ? box : nil))
            case .glyphs:
                let count = Int(try r.u16("glyph count"))
                var glyphs: [GlyphRun.Glyph] = []
                glyphs.reserveCapacity(min(count, 1_024))
                for _ in 0..<count {
                    let length = try r.u8("glyph length")
                    let x = try r.f32("glyph x"), y = try r.f32("glyph y")
                    glyphs.append(GlyphRun.Glyph(length: length, x: x, y: y, angle: try r.f32("glyph angle")))
                }
                out.append(.glyphs(count > 0 ? GlyphRun(glyphs) : nil))
            }
        }
        return out
    }
}
