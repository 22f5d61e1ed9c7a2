import DisplayList

/// Encodes server messages exactly as docs/protocol.md lists them, opcode by
/// opcode; `Public/painter.js` decodes the same table.
package enum FrameEncoder {
    package static let version: UInt16 = 1

    enum ServerOp: UInt8 { case welcome = 0x01, frame = 0x02 }

    enum Op: UInt8 {
        case defineImage = 0x10, definePath = 0x11, defineFont = 0x12
        case camera = 0x20, background = 0x21
        case insert = 0x30, remove = 0x31, move = 0x32, patch = 0x33, transform = 0x34
        case accessibility = 0x40, focus = 0x41, url = 0x42, cursor = 0x43, accessibilityNames = 0x44
        case openURL = 0x45
        case embedOrigins = 0x50, eventSelect = 0x51, eventDeselect = 0x52, eventCamera = 0x53
        case eventCalloutAction = 0x54
    }

    enum Key: UInt8 {
        case frame = 0x01, anchor, clearAnchor, scale, alpha, fill, stroke, radius, text, font, image, path
        case clip, bubble, shadow, hidden, scroll, baseline, evenOdd, repeatsWorld, glide, line, worldClip, glyphs
    }

    /// `WELCOME`: the first server message of a session.
    package static func welcome(session: UInt32) -> [UInt8] {
        var w = ByteWriter(capacity: 7)
        w.u8(ServerOp.welcome.rawValue)
        w.u16(version)
        w.u32(session)
        return w.bytes
    }

    /// A `FRAME` message with its ops.
    package static func frame(number: UInt32, inputSeq: UInt32, ops: [FrameOp]) -> [UInt8] {
        var w = ByteWriter(capacity: 64 + ops.count * 24)
        w.u8(ServerOp.frame.rawValue)
        w.u32(number)
        w.u32(inputSeq)
        for op in ops { encode(op, into: &w) }
        return w.bytes
    }

    static func encode(_ op: FrameOp, into w: inout ByteWriter) {
        switch op {
        case let .defineImage(image):
            w.u8(Op.defineImage.rawValue)
            w.u32(image.id)
            w.u8(image.format.rawValue)
            w.f32(image.width)
            w.f32(image.height)
            w.blob(image.data)
        case let .definePath(path):
            w.u8(Op.definePath.rawValue)
            w.u32(path.id)
            w.i32(path.originX)
            w.i32(path.originY)
            w.u8(path.shift)
            w.blob(path.data)
        case let .defineFont(font):
            w.u8(Op.defineFont.rawValue)
            w.u16(font.id)
            w.string(font.family)
            w.string(font.url)
            w.u16(font.weight)
        case let .camera(camera):
            w.u8(Op.camera.rawValue)
            w.f64(camera.centerX)
            w.f64(camera.centerY)
            w.f64(camera.zoom)
        case let .background(color):
            w.u8(Op.background.rawValue)
            w.u32(color.rgba)
        case let .insert(item, parent, index, kind, properties):
            w.u8(Op.insert.rawValue)
            w.u32(item)
            w.u32(parent)
            w.u32(index)
            w.u8(kind.rawValue)
            encode(properties, into: &w)
        case let .remove(item):
            w.u8(Op.remove.rawValue)
            w.u32(item)
        case let .move(item, parent, index):
            w.u8(Op.move.rawValue)
            w.u32(item)
            w.u32(parent)
            w.u32(index)
        case let .patch(item, properties):
            w.u8(Op.patch.rawValue)
            w.u32(item)
            encode(properties, into: &w)
        case let .transform(item, x, y):
            w.u8(Op.transform.rawValue)
            w.u32(item)
            w.f32(x)
            w.f32(y)
        case let .accessibility(elements):
            w.u8(Op.accessibility.rawValue)
            w.u32(UInt32(elements.count))
            for e in elements {
                w.u32(e.item)
                w.u8(e.role.rawValue)
                w.u8(e.flags.rawValue)
                w.string(e.name)
            }
        case let .accessibilityNames(names):
            w.u8(Op.accessibilityNames.rawValue)
            w.u32(UInt32(names.count))
            for n in names {
                w.u32(n.item)
                w.string(n.name)
            }
        case let .focus(item):
            w.u8(Op.focus.rawValue)
            w.u32(item)
        case let .url(mode, hash):
            w.u8(Op.url.rawValue)
            w.u8(mode.rawValue)
            w.string(hash)
        case let .cursor(cursor):
            w.u8(Op.cursor.rawValue)
            w.u8(cursor.rawValue)
        case let .openURL(url):
            w.u8(Op.openURL.rawValue)
            w.string(url)
        case let .embedOrigins(origins):
            w.u8(Op.embedOrigins.rawValue)
            w.u16(UInt16(min(origins.count, Int(UInt16.max))))
            for origin in origins.prefix(Int(UInt16.max)) { w.string(origin) }
        case let .embedEvent(event):
            encode(event, into: &w)
        }
    }

    static func encode(_ event: EmbedEvent, into w: inout ByteWriter) {
        switch event {
        case let .select(id):
            w.u8(Op.eventSelect.rawValue)
            w.string(id)
        case let .deselect(id):
            w.u8(Op.eventDeselect.rawValue)
            w.string(id)
        case let .camera(latitude, longitude, zoom):
            w.u8(Op.eventCamera.rawValue)
            w.f64(latitude)
            w.f64(longitude)
            w.f64(zoom)
        case let .calloutAction(id, control):
            w.u8(Op.eventCalloutAction.rawValue)
            w.string(id)
            w.string(control)
        }
    }

    static func encode(_ properties: [ItemProperty], into w: inout ByteWriter) {
        precondition(properties.count <= Int(UInt8.max))
        w.u8(UInt8(properties.count))
        for p in properties {
            switch p {
            case let .frame(r):
                w.u8(Key.frame.rawValue)
                w.f32(r.x)
                w.f32(r.y)
                w.f32(r.width)
                w.f32(r.height)
            case let .anchor(a):
                w.u8(Key.anchor.rawValue)
                w.i32(a.x)
                w.i32(a.y)
            case .clearAnchor:
                w.u8(Key.clearAnchor.rawValue)
            case let .scale(s):
                w.u8(Key.scale.rawValue)
                w.f32(s.scale)
                w.f32(s.originX)
                w.f32(s.originY)
            case let .alpha(a):
                w.u8(Key.alpha.rawValue)
                w.f32(a)
            case let .fill(c):
                w.u8(Key.fill.rawValue)
                w.u32(c.rgba)
            case let .stroke(s):
                w.u8(Key.stroke.rawValue)
                w.u32(s.color.rgba)
                w.f32(s.width)
            case let .radius(r):
                w.u8(Key.radius.rawValue)
                w.f32(r)
            case let .text(t):
                w.u8(Key.text.rawValue)
                w.string(t)
            case let .font(f):
                w.u8(Key.font.rawValue)
                w.u16(f.font)
                w.f32(f.size)
            case let .image(id):
                w.u8(Key.image.rawValue)
                w.u32(id)
            case let .path(id):
                w.u8(Key.path.rawValue)
                w.u32(id)
            case let .clip(on):
                w.u8(Key.clip.rawValue)
                w.u8(on ? 1 : 0)
            case let .bubble(b):
                w.u8(Key.bubble.rawValue)
                w.u8(b.direction.rawValue)
                w.f32(b.arrowX)
                w.f32(b.arrowWidth)
                w.f32(b.arrowHeight)
            case let .shadow(s):
                w.u8(Key.shadow.rawValue)
                w.u32(s.color.rgba)
                w.f32(s.blur)
                w.f32(s.offsetY)
            case let .hidden(on):
                w.u8(Key.hidden.rawValue)
                w.u8(on ? 1 : 0)
            case let .scroll(p):
                w.u8(Key.scroll.rawValue)
                w.f32(p.x)
                w.f32(p.y)
            case let .baseline(b):
                w.u8(Key.baseline.rawValue)
                w.f32(b)
            case let .evenOdd(on):
                w.u8(Key.evenOdd.rawValue)
                w.u8(on ? 1 : 0)
            case let .repeatsWorld(on):
                w.u8(Key.repeatsWorld.rawValue)
                w.u8(on ? 1 : 0)
            case let .glide(milliseconds):
                w.u8(Key.glide.rawValue)
                w.u16(milliseconds)
            case let .line(style):
                w.u8(Key.line.rawValue)
                w.u8(style.cap.rawValue)
                w.u8(style.join.rawValue)
                w.f32(style.dashPhase)
                w.f32(style.strokeStart)
                w.f32(style.strokeEnd)
                let dashes = style.dashPattern.prefix(Int(UInt8.max))
                w.u8(UInt8(dashes.count))
                for d in dashes { w.f32(d) }
            case let .worldClip(box):
                // A width of 0 takes the cut away: one key both sets and clears it.
                let b = box ?? WorldClip(x: 0, y: 0, width: 0, height: 0)
                w.u8(Key.worldClip.rawValue)
                for v in [b.x, b.y, b.width, b.height] { w.u32(UInt32(bitPattern: v)) }
            case let .glyphs(run):
                let glyphs = run?.glyphs.prefix(Int(UInt16.max)) ?? []
                w.u8(Key.glyphs.rawValue)
                w.u16(UInt16(glyphs.count))
                for g in glyphs {
                    w.u8(g.length)
                    w.f32(g.x)
                    w.f32(g.y)
                    w.f32(g.angle)
                }
            }
        }
    }
}
