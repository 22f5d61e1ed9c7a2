import DisplayList
import Foundation
import Synchronization

/// Loads images from the page's folder once per process and shares them
/// between sessions; each gets a resource id the first time it is asked for.
public final class ImageLibrary: Sendable {
    /// Why an image could not be loaded; each names the file's path.
    public enum LoadError: Error, CustomStringConvertible {
        /// No readable file at the path.
        case unreadable(String)
        /// An SVG without numeric `width` and `height` on its root element: its size is unknown.
        case noSize(String)
        /// What failed and the path, for the log.
        public var description: String {
            switch self {
            case let .unreadable(path): return "cannot read image \(path)"
            case let .noSize(path): return "SVG \(path) has no numeric width and height attributes"
            }
        }
    }

    private let root: URL
    private let cache = Mutex<[String: ImageResource]>([:])

    /// `root` is the folder image names are relative to (`Public/`).
    public init(root: URL) {
        self.root = root
    }

    /// The image at `name` (for example `images/pin-person.svg`), loaded once.
    public func image(named name: String) throws -> ImageResource {
        if let hit = cache.withLock({ $0[name] }) { return hit }
        let url = root.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else { throw LoadError.unreadable(url.path) }
        let resource: ImageResource
        if name.hasSuffix(".svg") {
            guard let size = Self.svgSize(data) else { throw LoadError.noSize(url.path) }
            resource = ImageResource(
                id: ResourceID.next(), format: .svg, width: size.0, height: size.1, data: Array(data))
        } else {
            let size = Self.pngSize(data) ?? (0, 0)
            resource = ImageResource(
                id: ResourceID.next(), format: .png, width: size.0, height: size.1, data: Array(data))
        }
        return cache.withLock { cache in
            if let raced = cache[name] { return raced }
            cache[name] = resource
            return resource
        }
    }

    /// An image made in code (SVG text), registered under `name`.
    public func image(named name: String, svg: String, width: Float, height: Float) -> ImageResource {
        cache.withLock { cache in
            if let hit = cache[name] { return hit }
            let r = ImageResource(
                id: ResourceID.next(), format: .svg, width: width, height: height, data: Array(svg.utf8))
            cache[name] = r
            return r
        }
    }

    /// Width and height attributes of the root `<svg>` element.
    static func svgSize(_ data: Data) -> (Float, Float)? {
        guard let text = String(data: data.prefix(4096), encoding: .utf8),
            let open = text.range(of: "<svg")
        else { return nil }
        let tag = text[open.upperBound...].prefix { $0 != ">" }
        func attribute(_ name: String) -> Float? {
            guard let r = tag.range(of: " \(name)=\"") else { return nil }
            let value = tag[r.upperBound...].prefix { $0 != "\"" }
            return Float(value.prefix { $0.isNumber || $0 == "." })
        }
        guard let w = attribute("width"), let h = attribute("height") else { return nil }
        return (w, h)
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> (Float, Float)? {
        guard data.count >= 24 else { return nil }
        let b = [UInt8](data.prefix(24))
        let w = UInt32(b[16]) << 24 | UInt32(b[17]) << 16 | UInt32(b[18]) << 8 | UInt32(b[19])
        let h = UInt32(b[20]) << 24 | UInt32(b[21]) << 16 | UInt32(b[22]) << 8 | UInt32(b[23])
        return (Float(w), Float(h))
    }
}
