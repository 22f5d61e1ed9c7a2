import DisplayList
import MapGeometry
import TextLayout

/// Text laid out on the server with HarfBuzz: wrapped to the frame's width,
/// truncated with "…" past `numberOfLines`, one `TEXT` item per line.
public final class Label: View {
    /// Where each line sits in the frame's width.
    public enum Alignment: Sendable {
        /// Flush with the left edge.
        case left
        /// Centred.
        case center
        /// Flush with the right edge.
        case right
    }

    /// What the label shows; "\n" starts a new line.
    public var text: String { didSet { if text != oldValue { textChanged() } } }
    /// The font, measured on the server and loaded by the page.
    public var typeface: Typeface { didSet { textChanged() } }
    /// The font size, CSS px.
    public var fontSize: Double { didSet { if fontSize != oldValue { textChanged() } } }
    /// The colour the text is drawn in.
    public var textColor: Color = .black { didSet { invalidateRender() } }
    /// How lines sit in the frame.
    public var alignment: Alignment = .left { didSet { invalidateRender() } }
    /// 0 means as many as the text needs.
    public var numberOfLines = 1 { didSet { if numberOfLines != oldValue { textChanged() } } }
    /// Line box height as a multiple of the font size.
    public var lineHeightMultiple = defaultLineHeightMultiple { didSet { invalidateRender() } }
    /// A new label's `lineHeightMultiple`.
    public static let defaultLineHeightMultiple = 1.25

    private func textChanged() {
        layoutCache = nil
        invalidateRender()
    }

    private var layoutCache: (width: Double, lines: [TextLine])?
    private var lineItemIDs: [UInt32] = []

    /// A label showing `text`; it takes no touches (they go to the view under it).
    /// Give it a frame, or call `sizeToFit(maxWidth:)`.
    public init(text: String, typeface: Typeface, fontSize: Double, color: Color = .black) {
        self.text = text
        self.typeface = typeface
        self.fontSize = fontSize
        self.textColor = color
        super.init()
        isUserInteractionEnabled = false
    }

    /// The height of one line, CSS px: what to make a one-line label's frame.
    public var lineHeight: Double { (fontSize * lineHeightMultiple).rounded() }

    /// As `UILabel`'s: the text (none while it is empty), unless set to
    /// something else. A label with an `accessibilityRole` mirrors its text.
    public override var accessibilityLabel: String? {
        get { super.accessibilityLabel ?? (text.isEmpty ? nil : text) }
        set { super.accessibilityLabel = newValue }
    }

    /// The lines for the current width.
    package var lines: [TextLine] {
        if let cache = layoutCache, cache.width == frame.width { return cache.lines }
        let width = frame.width > 0 ? frame.width : .infinity
        let lines = TextLayouter.lines(
            text, font: typeface.font, size: fontSize, maxWidth: width, maxLines: numberOfLines)
        layoutCache = (frame.width, lines)
        return lines
    }

    /// The size the text needs within `maxWidth`.
    public func sizeThatFits(maxWidth: Double) -> Size {
        Self.size(
            of: text, typeface: typeface, fontSize: fontSize, maxWidth: maxWidth, numberOfLines: numberOfLines,
            lineHeight: lineHeight)
    }

    /// The size a label of `typeface` at `fontSize`, with the default line
    /// height, would need for `text` within `maxWidth`: measuring without
    /// making a label (a map measures the titles of a hundred new markers
    /// at once).
    public static func sizeThatFits(
        _ text: String, typeface: Typeface, fontSize: Double, maxWidth: Double,
        numberOfLines: Int = 1
    ) -> Size {
        size(
            of: text, typeface: typeface, fontSize: fontSize, maxWidth: maxWidth, numberOfLines: numberOfLines,
            lineHeight: (fontSize * defaultLineHeightMultiple).rounded())
    }

    private static func size(
        of text: String, typeface: Typeface, fontSize: Double, maxWidth: Double,
        numberOfLines: Int, lineHeight: Double
    ) -> Size {
        let lines = TextLayouter.lines(
            text, font: typeface.font, size: fontSize, maxWidth: maxWidth, maxLines: numberOfLines)
        let width = lines.map(\.width).max() ?? 0
        return Size(width: width.rounded(.up), height: Double(lines.count) * lineHeight)
    }

    /// Sets the frame's size to fit the text, no wider than `maxWidth`.
    public func sizeToFit(maxWidth: Double = .infinity) {
        frame.size = sizeThatFits(maxWidth: maxWidth)
    }

    private var baseline: Double {
        let a = typeface.font.ascender(size: fontSize), d = typeface.font.descender(size: fontSize)
        return ((lineHeight - a - d) / 2 + a).rounded()
    }

    private func offset(for line: TextLine) -> Double {
        switch alignment {
        case .left: return 0
        case .center: return ((frame.width - line.width) / 2).rounded()
        case .right: return (frame.width - line.width).rounded()
        }
    }

    /// One line is drawn by the label's own text item; more lines by items under it.
    public override var itemKind: ItemKind { lines.count == 1 ? .text : .group }

    /// A one-line label's text, font and colour, aligned in the frame.
    public override func itemProperties() -> ItemProperties {
        var p = super.itemProperties()
        let lines = self.lines
        guard lines.count == 1 else { return p }
        textProperties(&p, line: lines[0])
        p.frame.x += Float(offset(for: lines[0]))
        p.frame.width = Float(lines[0].width)
        return p
    }

    private func textProperties(_ p: inout ItemProperties, line: TextLine) {
        p.text = line.text
        p.font = ItemFont(font: typeface.descriptor.id, size: Float(fontSize))
        p.fill = textColor
        p.baseline = Float(baseline)
    }

    /// Declares the font and, past one line, appends one text item per line.
    public override func willRenderContent(into context: inout RenderContext) {
        context.use(typeface.descriptor)
        let lines = self.lines
        guard lines.count > 1, !isHidden else { return }
        while lineItemIDs.count < lines.count { lineItemIDs.append(ItemID.next()) }
        for (i, line) in lines.enumerated() {
            var p = ItemProperties()
            textProperties(&p, line: line)
            p.frame = Rect32(
                x: Float(offset(for: line)), y: Float(Double(i) * lineHeight),
                width: Float(line.width), height: Float(lineHeight))
            context.scene.append(lineItemIDs[i], parent: id, kind: .text, p)
        }
    }
}
