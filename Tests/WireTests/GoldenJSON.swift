import DisplayList
import Foundation
import InputEvents
import MapGeometry

@testable import Wire

/// Reads golden.json's canonical form (see scripts/make_golden.py) into Swift values.
enum GoldenJSON {
    struct Bad: Error { let what: String }

    static func num(_ v: Any?) -> Double { (v as? NSNumber)?.doubleValue ?? 0 }
    static func u32(_ v: Any?) -> UInt32 { UInt32(truncatingIfNeeded: Int64(num(v))) }
    static func f32(_ v: Any?) -> Float { Float(num(v)) }
    static func color(_ v: Any?) -> Color {
        let hex = (v as? String ?? "#00000000").dropFirst()
        return Color(rgba: UInt32(hex, radix: 16) ?? 0)
    }
    static func base64(_ v: Any?) -> [UInt8] { [UInt8](Data(base64Encoded: v as? String ?? "") ?? Data()) }

    static let kinds: [String: ItemKind] = [
        "GROUP": .group, "RECT": .rect, "TEXT": .text, "IMAGE": .image,
        "WORLD_PATH": .worldPath, "BUBBLE": .bubble,
        "BADGE": .badge, "CURVED_TEXT": .curvedText,
    ]

    static func op(_ o: [String: Any]) throws -> FrameOp {
        switch o["op"] as? String {
        case "DEF_FONT":
            return .defineFont(
                FontDescriptor(
                    id: UInt16(num(o["font"])), family: o["family"] as! String,
                    url: o["url"] as! String, weight: UInt16(num(o["weight"]))))
        case "DEF_IMAGE":
            return .defineImage(
                ImageResource(
                    id: u32(o["resource"]), format: ImageResource.Format(rawValue: UInt8(num(o["format"])))!,
                    width: f32(o["width"]), height: f32(o["height"]), data: base64(o["data"])))
        case "DEF_PATH":
            return .definePath(
                PathResource(
                    id: u32(o["resource"]), originX: Int32(num(o["originX"])),
                    originY: Int32(num(o["originY"])), shift: UInt8(num(o["shift"])), data: base64(o["data"])))
        case "CAMERA":
            return .camera(SceneCamera(centerX: num(o["centerX"]), centerY: num(o["centerY"]), zoom: num(o["zoom"])))
        case "BACKGROUND":
            return .background(color(o["colour"]))
        case "INSERT":
            return .insert(
                item: u32(o["item"]), parent: u32(o["parent"]), index: u32(o["index"]),
                kind: kinds[o["kind"] as! String]!, properties: try props(o["props"]))
        case "REMOVE": return .remove(item: u32(o["item"]))
        case "MOVE": return .move(item: u32(o["item"]), parent: u32(o["parent"]), index: u32(o["index"]))
        case "PATCH": return .patch(item: u32(o["item"]), properties: try props(o["props"]))
        case "TRANSFORM": return .transform(item: u32(o["item"]), x: f32(o["x"]), y: f32(o["y"]))
        case "A11Y":
            return .accessibility(
                (o["elements"] as! [[String: Any]]).map {
                    AccessibilityElement(
                        item: u32($0["item"]), role: AccessibilityElement.Role(rawValue: UInt8(num($0["role"])))!,
                        flags: AccessibilityElement.Flags(rawValue: UInt8(num($0["flags"]))),
                        name: $0["name"] as! String)
                })
        case "A11Y_NAMES":
            return .accessibilityNames(
                (o["names"] as! [[String: Any]]).map {
                    AccessibilityName(item: u32($0["item"]), name: $0["name"] as! String)
                })
        case "FOCUS": return .focus(item: u32(o["item"]))
        case "URL": return .url(URLMode(rawValue: UInt8(num(o["mode"])))!, o["hash"] as! String)
        case "CURSOR": return .cursor(Cursor(rawValue: UInt8(num(o["cursor"])))!)
        case "OPEN_URL": return .openURL(o["url"] as! String)
        case "EMBED_ORIGINS": return .embedOrigins(o["origins"] as! [String])
        case "EVENT_SELECT": return .embedEvent(.select(id: o["id"] as! String))
        case "EVENT_DESELECT": return .embedEvent(.deselect(id: o["id"] as! String))
        case "EVENT_CAMERA":
            return .embedEvent(
                .camera(latitude: num(o["latitude"]), longitude: num(o["longitude"]), zoom: num(o["zoom"])))
        case "EVENT_CALLOUT_ACTION":
            return .embedEvent(.calloutAction(id: o["id"] as! String, control: o["control"] as! String))
        default: throw Bad(what: "\(o)")
        }
    }

    static func props(_ v: Any?) throws -> [ItemProperty] {
        try (v as? [[String: Any]] ?? []).map { p in
            let a = p["value"] as? [Any] ?? []
            switch p["key"] as? String {
            case "FRAME": return .frame(Rect32(x: f32(a[0]), y: f32(a[1]), width: f32(a[2]), height: f32(a[3])))
            case "ANCHOR": return .anchor(WorldAnchor(x: Int32(num(a[0])), y: Int32(num(a[1]))))
            case "CLEAR_ANCHOR": return .clearAnchor
            case "SCALE": return .scale(ItemScale(scale: f32(a[0]), originX: f32(a[1]), originY: f32(a[2])))
            case "ALPHA": return .alpha(f32(p["value"]))
            case "FILL": return .fill(color(p["value"]))
            case "STROKE": return .stroke(ItemStroke(color: color(a[0]), width: f32(a[1])))
            case "RADIUS": return .radius(f32(p["value"]))
            case "TEXT": return .text(p["value"] as! String)
            case "FONT": return .font(ItemFont(font: UInt16(num(a[0])), size: f32(a[1])))
            case "IMAGE": return .image(u32(p["value"]))
            case "PATH": return .path(u32(p["value"]))
            case "CLIP": return .clip(num(p["value"]) != 0)
            case "BUBBLE":
                return .bubble(
                    ItemBubble(
                        direction: ItemBubble.Direction(rawValue: UInt8(num(a[0])))!, arrowX: f32(a[1]),
                        arrowWidth: f32(a[2]), arrowHeight: f32(a[3])))
            case "SHADOW": return .shadow(ItemShadow(color: color(a[0]), blur: f32(a[1]), offsetY: f32(a[2])))
            case "HIDDEN": return .hidden(num(p["value"]) != 0)
            case "SCROLL": return .scroll(Point32(x: f32(a[0]), y: f32(a[1])))
            case "BASELINE": return .baseline(f32(p["value"]))
            case "EVEN_ODD": return .evenOdd(num(p["value"]) != 0)
            case "REPEAT": return .repeatsWorld(num(p["value"]) != 0)
            case "GLIDE": return .glide(milliseconds: UInt16(num(p["value"])))
            case "LINE":
                return .line(
                    ItemLineStyle(
                        cap: ItemLineStyle.Cap(rawValue: UInt8(num(a[0])))!,
                        join: ItemLineStyle.Join(rawValue: UInt8(num(a[1])))!,
                        dashPattern: (a[5] as! [Any]).map(f32), dashPhase: f32(a[2]), strokeStart: f32(a[3]),
                        strokeEnd: f32(a[4])))
            case "CLIP_WORLD":
                let v = a.map { Int32(num($0)) }
                return .worldClip(WorldClip(x: v[0], y: v[1], width: v[2], height: v[3]))
            case "GLYPHS":
                let glyphs = a.map { g in
                    let v = g as! [Any]
                    return GlyphRun.Glyph(length: UInt8(num(v[0])), x: f32(v[1]), y: f32(v[2]), angle: f32(v[3]))
                }
                return .glyphs(GlyphRun(glyphs))
            default: throw Bad(what: "\(p)")
            }
        }
    }

    static func clientMessage(_ f: [String: Any]) -> ClientMessage? {
        let seq = u32(f["seq"])
        let mods = Modifiers(rawValue: UInt8(num(f["modifiers"])))
        switch f["op"] as? String {
        case "HELLO":
            return .hello(
                version: UInt16(num(f["version"])), size: Size(width: num(f["width"]), height: num(f["height"])),
                devicePixelRatio: num(f["devicePixelRatio"]), hash: f["hash"] as! String,
                colorScheme: PreferredColorScheme(rawValue: UInt8(num(f["colorScheme"])))!, style: f["style"] as! String
            )
        case "COLOR_SCHEME":
            return .colorScheme(seq: seq, PreferredColorScheme(rawValue: UInt8(num(f["colorScheme"])))!)
        case "ACK": return .ack(frame: u32(f["frame"]))
        case "POINTER":
            return .pointer(
                seq: seq,
                PointerEvent(
                    phase: PointerEvent.Phase(rawValue: UInt8(num(f["phase"])))!,
                    pointerID: u32(f["pointerId"]), kind: PointerEvent.Kind(rawValue: UInt8(num(f["pointerType"])))!,
                    buttons: UInt8(num(f["buttons"])), modifiers: mods,
                    location: Point(x: num(f["x"]), y: num(f["y"])), time: num(f["time"]) / 1000))
        case "WHEEL":
            return .wheel(
                seq: seq,
                WheelEvent(
                    location: Point(x: num(f["x"]), y: num(f["y"])),
                    delta: Point(x: num(f["deltaX"]), y: num(f["deltaY"])), modifiers: mods,
                    time: num(f["time"]) / 1000))
        case "KEY":
            return .key(
                seq: seq,
                KeyEvent(
                    phase: KeyEvent.Phase(rawValue: UInt8(num(f["phase"])))!, key: f["key"] as! String, modifiers: mods)
            )
        case "RESIZE":
            return .resize(
                seq: seq, size: Size(width: num(f["width"]), height: num(f["height"])),
                devicePixelRatio: num(f["devicePixelRatio"]))
        case "FOCUS": return .focus(seq: seq, item: u32(f["item"]))
        case "ACTIVATE": return .activate(seq: seq, item: u32(f["item"]))
        case "NAVIGATE": return .navigate(seq: seq, hash: f["hash"] as! String)
        case "EMBED_SET_CAMERA":
            return .embed(
                seq: seq,
                .setCamera(
                    latitude: num(f["latitude"]), longitude: num(f["longitude"]),
                    zoom: num(f["zoom"]), animated: num(f["animated"]) != 0))
        case "EMBED_SELECT": return .embed(seq: seq, .select(id: f["id"] as! String))
        case "EMBED_DESELECT": return .embed(seq: seq, .deselect)
        default: return nil
        }
    }
}
