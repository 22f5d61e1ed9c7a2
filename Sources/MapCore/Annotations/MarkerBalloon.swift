import DisplayList
import Foundation
import Synchronization

/// The balloon of `MarkerAnnotationView` drawn as an SVG per tint colour.
///
/// Images are resources shared by every session, so one balloon per colour
/// is made once per process and each browser downloads it once.
package enum MarkerBalloon {
    /// Size of the balloon at rest, CSS px; its tip is the bottom centre.
    package static let width: Float = 30
    package static let height: Float = 40
    /// Centre of the round head, where the glyph goes, from the top left.
    package static let headCenter = (x: 15.0, y: 15.0)

    private static let cache = Mutex<[UInt32: ImageResource]>([:])

    /// The balloon filled with `tint`, with a darker outline.
    package static func image(tint: Color) -> ImageResource {
        if let hit = cache.withLock({ $0[tint.rgba] }) { return hit }
        let made = ImageResource(
            id: ResourceID.next(), format: .svg, width: width, height: height,
            data: Array(svg(tint: tint).utf8))
        return cache.withLock { cache in
            if let raced = cache[tint.rgba] { return raced }
            cache[tint.rgba] = made
            return made
        }
    }

    /// The SVG text: a circle head narrowing to the tip at (15, 40).
    static func svg(tint: Color) -> String {
        let r = Int(tint.rgba >> 24), g = Int(tint.rgba >> 16 & 0xFF), b = Int(tint.rgba >> 8 & 0xFF)
        let fill = String(format: "#%02X%02X%02X", r, g, b)
        let edge = String(format: "#%02X%02X%02X", r * 7 / 10, g * 7 / 10, b * 7 / 10)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="30" height="40" viewBox="0 0 30 40">\
            <path d="M15 39.5 C12 33 2 25 2 15 A13 13 0 0 1 28 15 C28 25 18 33 15 39.5 Z" \
            fill="\(fill)" stroke="\(edge)" stroke-width="1"/></svg>
            """
    }
}
