import DisplayList
import MapGeometry
import ViewKit

/// The credit for the map's data ("Natural Earth"), small on a pale strip,
/// as web maps show it in a corner; mirrored as text. A credit with a page
/// ("© OpenStreetMap contributors") is a link to it, mirrored as a link.
public final class AttributionView: View {
    /// The credits shown, in order: the base map's, then the app's.
    public var sources: [String] {
        get { credits.map(\.text) }
        set { credits = newValue.map { MapCredit(text: $0) } }
    }
    /// The credits with the pages they link to.
    package var credits: [MapCredit] = [] {
        didSet {
            guard credits != oldValue else { return }
            makePieces()
            let plain = credits.filter { $0.url == nil }.map(\.text).joined(separator: " | ")
            accessibilityLabel = credits.isEmpty ? nil : plain.isEmpty ? "Map data" : "Map data: " + plain
        }
    }
    /// Called with a credit's URL when its link is pressed or activated.
    package var openURL: ((String) -> Void)?

    /// The text runs and links, in reading order.
    private var pieces: [View] = []
    private let fonts: FontBook
    /// The light or dark look the pieces are painted in.
    private var colors = MapChromeColors.light
    /// What the last layout was for: text is measured again only when it or the width changes.
    private var laidOut: (maxWidth: Double, credits: [MapCredit])?

    static let padding = EdgeInsets(top: 2, left: 6, bottom: 2, right: 6)
    static let fontSize = 11.0
    static let separator = " | "

    init(fonts: FontBook) {
        self.fonts = fonts
        super.init()
        backgroundColor = Color.white.withAlpha(0.8)
        accessibilityRole = .text
    }

    /// The credits joined as shown: "Natural Earth | © My data".
    public var text: String { sources.joined(separator: Self.separator) }

    /// Takes the light or dark look.
    func apply(_ colors: MapChromeColors) {
        self.colors = colors
        backgroundColor = colors.strip
        paintPieces()
    }

    /// Gives the text runs and links the look's ink.
    private func paintPieces() {
        for piece in pieces {
            if let link = piece as? AttributionLink {
                link.inks = colors == .dark ? AttributionLink.darkInks : AttributionLink.lightInks
            } else if let label = piece as? Label {
                label.textColor = colors.attributionInk
            }
        }
    }

    /// Text for reading, never a Tab stop (its links are).
    public override var canBecomeFocused: Bool { false }

    /// Only the links take presses: the strip between them is still the map.
    public override func point(inside point: Point) -> Bool { false }

    /// The links, in order.
    var links: [AttributionLink] { pieces.compactMap { $0 as? AttributionLink } }

    /// Plain credits run together in one label with their separators; each linked credit is a link of its own.
    private func makePieces() {
        for piece in pieces { piece.removeFromSuperview() }
        pieces = []
        var run = ""
        func endRun() {
            guard !run.isEmpty else { return }
            let label = Label(text: run, typeface: fonts.regular, fontSize: Self.fontSize, color: Color(hex: 0x333333))
            label.numberOfLines = 2
            pieces.append(label)
            run = ""
        }
        for (i, credit) in credits.enumerated() {
            // A run ending where a link starts keeps its last space: a plain one would be trimmed as a line's end.
            if i > 0 { run += credit.url == nil ? Self.separator : " |\u{00A0}" }
            guard let url = credit.url else {
                run += credit.text
                continue
            }
            endRun()
            let link = AttributionLink(credit: credit, typeface: fonts.regular, fontSize: Self.fontSize)
            link.onTap = { [unowned self] in openURL?(url) }
            pieces.append(link)
        }
        endRun()
        for piece in pieces { addSubview(piece) }
        paintPieces()
        laidOut = nil
    }

    /// Sizes the strip to its text, the pieces left to right, a piece that
    /// does not fit the rest of a line starting the next (wrapping past `maxWidth`).
    func layout(maxWidth: Double) {
        guard laidOut?.maxWidth != maxWidth || laidOut?.credits != credits else { return }
        laidOut = (maxWidth, credits)
        let pad = Self.padding
        let width = max(40, maxWidth - pad.left - pad.right)
        var x = 0.0, y = 0.0, lineHeight = 0.0, widest = 0.0
        for piece in pieces {
            var size = self.size(of: piece, maxWidth: .infinity)
            if x > 0, x + size.width > width {
                x = 0
                y += lineHeight
                lineHeight = 0
            }
            if size.width > width - x { size = self.size(of: piece, maxWidth: width - x) }
            let frame = Rect(x: pad.left + x, y: pad.top + y, width: size.width, height: size.height)
            if let link = piece as? AttributionLink { link.place(frame) } else { piece.frame = frame }
            x += size.width
            widest = max(widest, x)
            lineHeight = max(lineHeight, size.height)
        }
        frame.size = Size(width: widest + pad.left + pad.right, height: y + lineHeight + pad.top + pad.bottom)
    }

    private func size(of piece: View, maxWidth: Double) -> Size {
        switch piece {
        case let link as AttributionLink: link.sizeThatFits(maxWidth: maxWidth)
        case let label as Label: label.sizeThatFits(maxWidth: maxWidth)
        default: piece.frame.size
        }
    }
}
