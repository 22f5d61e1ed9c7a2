import DisplayList
import MapGeometry
import ViewKit

/// The default view of a cluster: a round badge with the member count,
/// a little larger for bigger clusters, centred on the cluster's centroid.
/// The badge and its count are one display item (`BADGE`): a screen full of
/// clusters costs every session one view and one item per cluster, not two.
/// The count is drawn in the border's colour (white unless set).
open class ClusterAnnotationView: AnnotationView {
    /// The badge's blue when no tint is set.
    public static let defaultTint = Color(hex: 0x3478F6)
    /// The badge's fill.
    public var tintColor: Color = ClusterAnnotationView.defaultTint { didSet { backgroundColor = tintColor } }
    /// The count's font size, CSS px.
    static let countFontSize = 14.0

    /// A badge for a `ClusterAnnotation`: round, so it collides as a circle, without a callout.
    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        backgroundColor = tintColor
        borderColor = .white
        borderWidth = 2
        collisionMode = .circle
        canShowCallout = false
        shadow = ItemShadow(color: Color.black.withAlpha(0.25), blur: 4, offsetY: 1)
        resize()
    }

    /// The count shown: the cluster's member count.
    public var count: Int { (annotation as? ClusterAnnotation)?.count ?? 0 }

    /// What the badge says: the count, in thousands ("12k") from 10,000.
    public var countText: String { Self.text(forCount: count) }

    static func text(forCount count: Int) -> String { count >= 10_000 ? "\(count / 1000)k" : "\(count)" }

    /// What the count is drawn in: the map's bold face and how far its
    /// baseline sits below the badge's middle.
    private struct CountFace {
        var fontID: UInt16
        var baselineDrop: Double
    }

    /// Found once, and kept as plain values: every frame of a busy feed
    /// renders every badge, and reading them from the typeface retained it
    /// and copied its descriptor's strings each time.
    private var countFace: CountFace?

    private var face: CountFace? {
        if let countFace { return countFace }
        guard let typeface = mapView?.fonts.bold else { return nil }
        let a = typeface.font.ascender(size: Self.countFontSize), d = typeface.font.descender(size: Self.countFontSize)
        countFace = CountFace(fontID: typeface.descriptor.id, baselineDrop: (a - d) / 2)
        return countFace
    }

    /// The badge's side for a cluster of `count`: it grows with the count's digits.
    package static func side(forCount count: Int) -> Double {
        count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 54
    }

    private func resize(count: Int? = nil) {
        let side = Self.side(forCount: count ?? self.count)
        frame.size = Size(width: side, height: side)
        cornerRadius = side / 2
        // Centred on its point as `place(at:)` centres it: a count that gains a
        // digit grows the badge about its centre, not from its corner.
        if worldAnchor != nil {
            frame.origin = Point(x: (-side / 2 + centerOffset.x).rounded(), y: (-side / 2 + centerOffset.y).rounded())
        }
    }

    /// Sizes the badge for the count of the cluster it shows now.
    open override func prepareForDisplay() {
        super.prepareForDisplay()
        resize()
    }

    /// Only the round badge takes taps, not the corners of its frame.
    open override func point(inside point: Point) -> Bool {
        point.distance(to: bounds.center) <= bounds.width / 2
    }

    /// One `BADGE` item; an image set on the view draws instead.
    public override var itemKind: ItemKind { image == nil ? .badge : super.itemKind }

    /// The badge with its count, centred, in the border's colour.
    open override func itemProperties() -> ItemProperties {
        let count = self.count
        // A shared cluster keeps its view while its count changes.
        if frame.width != Self.side(forCount: count) { resize(count: count) }
        var p = super.itemProperties()
        guard image == nil, let face else { return p }
        if borderColor == .clear { p.stroke = ItemStroke(color: .white, width: 0) }
        p.text = Self.text(forCount: count)
        p.font = ItemFont(font: face.fontID, size: Float(Self.countFontSize))
        p.baseline = Float((bounds.height / 2 + face.baselineDrop).rounded())
        return p
    }

    /// The count's font goes to the page before the first badge that uses it.
    open override func willRenderContent(into context: inout RenderContext) {
        super.willRenderContent(into: &context)
        // The descriptor is read only for a render that has not declared the font yet.
        if let countFace = face, !context.hasDeclared(fontID: countFace.fontID),
            let descriptor = mapView?.fonts.bold.descriptor
        {
            context.use(descriptor)
        }
    }
}
