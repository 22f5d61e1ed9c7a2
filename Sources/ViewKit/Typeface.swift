import DisplayList
import Foundation
import TextLayout

/// A font as both sides know it: the file HarfBuzz measures on the server and
/// the descriptor the page loads the same file by.
public final class Typeface: Sendable {
    /// How the page loads and names the font.
    package let descriptor: FontDescriptor
    /// The same file opened with HarfBuzz, for measuring text on the server.
    package let font: Font

    /// Pairs a descriptor with the font file it names; they must be the same file.
    package init(descriptor: FontDescriptor, font: Font) {
        self.descriptor = descriptor
        self.font = font
    }

    /// Loads `fonts/<file>` from the page's folder; the page fetches it at
    /// `fonts/<file>` relative to its own URL, so it works under a sub-path.
    public convenience init(id: UInt16, file: String, family: String, weight: UInt16, publicDirectory: URL) throws {
        let path = publicDirectory.appendingPathComponent("fonts").appendingPathComponent(file).path
        let font = try Font(path: path, family: family, weight: Int(weight))
        self.init(descriptor: FontDescriptor(id: id, family: family, url: "fonts/\(file)", weight: weight), font: font)
    }
}

/// The UI fonts every screen uses.
public struct FontBook: Sendable {
    /// Body text.
    public let regular: Typeface
    /// Titles, headings and buttons.
    public let bold: Typeface

    /// A font book from typefaces already loaded.
    public init(regular: Typeface, bold: Typeface) {
        self.regular = regular
        self.bold = bold
    }

    /// Inter Regular and Bold from `Public/fonts`.
    public static func load(publicDirectory: URL) throws -> FontBook {
        FontBook(
            regular: try Typeface(
                id: 1, file: "Inter-Regular.otf", family: "Inter", weight: 400,
                publicDirectory: publicDirectory),
            bold: try Typeface(
                id: 2, file: "Inter-Bold.otf", family: "Inter", weight: 700,
                publicDirectory: publicDirectory))
    }
}
