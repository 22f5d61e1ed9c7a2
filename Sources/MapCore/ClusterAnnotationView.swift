import DisplayList
import MapGeometry
import ViewKit

/// The default view of a cluster: a round badge with the member count,
/// a little larger for bigger clusters, centred on the cluster's centroid.
open class ClusterAnnotationView: AnnotationView {
    /// The badge's blue when no tint is set.
    public static let defaultTint = Color(hex: 0x3478F6)
    /// The badge's fill.
    public var tintColor: Color = ClusterAnnotationView.defaultTint { didSet { backgroundColor = tintColor } }
    /// The count in the badge ("37", "12k"); made when the view first meets its map's fonts.
    public private(set) var countLabel: Label?
    private var shownCount: Int?

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

    /// The badge's side for a cluster of `count`: it grows with the count's digits.
    package static func side(forCount count: Int) -> Double {
        count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 46 : 54
    }

    private func resize() {
        let side = Self.side(forCount: count)
        frame.size = Size(width: side, height: side)
        cornerRadius = side / 2
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

    /// Sets the count's text and place when the count or size changed.
    open override func renderSubviews(into context: inout RenderContext) {
        if shownCount != count || countLabel?.frame.width != bounds.width, let fonts = mapView?.fonts {
            // A shared cluster keeps its view while its count changes.
            if shownCount != count { resize() }
            shownCount = count
            let label = countLabel ?? Label(text: "", typeface: fonts.bold, fontSize: 14, color: .white)
            if countLabel == nil {
                label.alignment = .center
                addSubview(label)
                countLabel = label
            }
            label.text = count >= 10_000 ? "\(count / 1000)k" : "\(count)"
            label.frame = Rect(x: 0, y: ((bounds.height - label.lineHeight) / 2).rounded(), width: bounds.width, height: label.lineHeight)
        }
        super.renderSubviews(into: &context)
    }
}
