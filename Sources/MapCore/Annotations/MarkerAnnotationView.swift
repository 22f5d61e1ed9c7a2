import DisplayList
import MapGeometry
import ViewKit

/// The balloon marker, as `MKMarkerAnnotationView`: a tinted balloon whose
/// tip sits on the coordinate, a glyph (text, image, or a dot) in its head,
/// the annotation's title under it and its subtitle too while selected. A
/// selected marker grows from its tip.
open class MarkerAnnotationView: AnnotationView {
    /// The title under the balloon and the balloon grown when selected reach outside the frame.
    open override var minimumHitReach: Double { 90 }

    /// When a title or subtitle label shows (MapKit's `MKFeatureVisibility`).
    public enum FeatureVisibility: Sendable {
        /// The title shows; the subtitle shows only while selected.
        case adaptive
        /// Always shows.
        case visible
        /// Never shows.
        case hidden
    }

    /// MapKit's default marker red.
    public static let defaultTint = Color(hex: 0xF2453D)
    /// How much bigger a selected balloon is than one at rest.
    public static let selectedScale = 1.5
    /// How long the balloon takes to grow or shrink on (de)selection, s.
    public static let growDuration = 0.2
    static let titleFontSize = 12.0
    static let maxLabelWidth = 140.0

    /// The balloon's colour; nil is the default red.
    public var markerTintColor: Color? {
        didSet {
            applyBalloon()
            contentKey = nil
            if glyphIconName != nil { drawGlyphIcon() }
        }
    }
    /// The colour of the glyph text or dot. Until an app sets it, white, or
    /// a dark grey on a balloon too light for white to read (under WCAG's
    /// 3:1 for graphics), as on a gold marker.
    public var glyphTintColor: Color {
        get {
            if let chosenGlyphTint { return chosenGlyphTint }
            let balloon = markerTintColor ?? Self.defaultTint
            // Read every frame for each marker; the contrast takes two powers a channel, so it is kept.
            if let legible = legibleGlyphTint, legible.balloon == balloon { return legible.glyph }
            let glyph = balloon.legibleForeground()
            legibleGlyphTint = (balloon, glyph)
            return glyph
        }
        set {
            chosenGlyphTint = newValue
            contentKey = nil
            if glyphIconName != nil { drawGlyphIcon() }
        }
    }
    /// The glyph colour the app chose, if it did.
    private var chosenGlyphTint: Color?
    /// The glyph colour legible on the last balloon colour asked about.
    private var legibleGlyphTint: (balloon: Color, glyph: Color)?
    /// One or two characters drawn in the balloon's head (wins over `glyphImage`).
    public var glyphText: String? { didSet { contentKey = nil } }
    /// An image in the balloon's head (16 px); with neither text nor image a dot shows.
    public var glyphImage: ImageResource? { didSet { contentKey = nil } }
    /// The glyph while selected; `glyphImage` when nil.
    public var selectedGlyphImage: ImageResource? { didSet { contentKey = nil } }
    /// The `MarkerIcon` the map shows as `glyphImage` for a styled annotation's
    /// symbol. Kept by name, as the icon is drawn in the glyph colour: a new
    /// balloon colour may need the other one to stay legible.
    var glyphIconName: String? {
        didSet { if glyphIconName != oldValue { drawGlyphIcon() } }
    }
    /// When the annotation's title shows under the balloon.
    public var titleVisibility: FeatureVisibility = .adaptive {
        didSet {
            contentKey = nil
            collisionRoleChanged()
        }
    }
    /// When the annotation's subtitle shows under the title.
    public var subtitleVisibility: FeatureVisibility = .adaptive { didSet { contentKey = nil } }
    /// Drops the balloon in from above when the view appears on the map.
    public var animatesWhenAdded = false
    /// How big the balloon is drawn, scaled about its tip (a selected one grows from there).
    public var markerSize: MarkerSize = .medium {
        didSet {
            guard markerSize != oldValue else { return }
            window?.animator.cancel(key: "marker.\(id)")
            settleBalloon()
        }
    }

    /// The balloon image view; it carries the grow animation's scale.
    public let balloon = ImageView(image: nil)
    let glyphImageView = ImageView(image: nil, frame: Rect(x: 7, y: 7, width: 16, height: 16))
    let glyphDot = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
    private(set) var glyphLabel: Label?
    /// The labels under the balloon; made when the view first meets its map's fonts.
    public private(set) var titleLabel: Label?
    /// The subtitle's label under the title; made with the title's.
    public private(set) var subtitleLabel: Label?
    /// What the labels and glyph were last laid out for, so frames skip text layout.
    private var contentKey: ContentKey?

    /// What the glyph and the labels show. Compared every frame (titles are
    /// read afresh, as an app may change them), so it is plain values:
    /// formatting the image id and the tint into strings for the comparison
    /// was a tenth of a frame of 2,000 markers.
    private struct ContentKey: Equatable {
        var title: String
        var subtitle: String
        var glyphText: String?
        var glyph: UInt32?
        var tint: Color
        var labelColor: Color
    }
    /// Set when the view is handed out for display; the drop starts once it is in a window.
    private var dropPending = false
    /// The drop: the balloon's offset above its place, falling with a small bounce.
    public static let drop = Keyframes(
        values: [-80, 0, -8, 0], keyTimes: [0, 0.6, 0.8, 1],
        curves: [.easeIn, .easeOut, .easeIn])
    /// How long the drop takes, s.
    public static let dropDuration = 0.4

    /// A red marker for `annotation`, its tip on the coordinate, with a callout.
    public required init(annotation: Annotation?, reuseIdentifier: String?) {
        super.init(annotation: annotation, reuseIdentifier: reuseIdentifier)
        frame.size = Size(width: Double(MarkerBalloon.width), height: Double(MarkerBalloon.height))
        centerOffset = Point(x: 0, y: -Double(MarkerBalloon.height) / 2)
        canShowCallout = true
        balloon.frame = bounds
        balloon.scaleOrigin = Point(x: bounds.width / 2, y: bounds.height)
        glyphDot.backgroundColor = .white
        glyphDot.cornerRadius = 5
        addSubview(balloon)
        balloon.addSubview(glyphDot)
        balloon.addSubview(glyphImageView)
        applyBalloon()
    }

    private func applyBalloon() {
        balloon.image = MarkerBalloon.image(tint: markerTintColor ?? Self.defaultTint)
    }

    private func drawGlyphIcon() {
        let icon = glyphIconName.flatMap { MarkerIcon.image(named: $0, color: glyphTintColor) }
        if glyphImage != icon { glyphImage = icon }
    }

    /// Back to rest: balloon at its size and place, labels opaque.
    open override func prepareForReuse() {
        super.prepareForReuse()
        balloon.frame.origin.y = 0
        for label in [titleLabel, subtitleLabel] { label?.alpha = 1 }
        calloutOffset = .zero
        settleBalloon()
        contentKey = nil
        // The map's icon was for the annotation before; an app's own glyph image is the app's to change.
        glyphIconName = nil
        titlesAreAnnounced = false
        announcedTitleIsMeasured = false
    }

    /// Arms the drop when `animatesWhenAdded` is set.
    open override func prepareForDisplay() {
        super.prepareForDisplay()
        dropPending = animatesWhenAdded
    }

    private func startDropIfPending() {
        guard dropPending, let animator = window?.animator else { return }
        dropPending = false
        animator.animate(
            key: "marker.drop.\(id)", duration: Self.dropDuration,
            update: { [weak self] t in
                guard let self else { return }
                self.balloon.frame.origin.y = Self.drop.value(at: t).rounded()
                // The labels fade in as the balloon lands, rather than waiting where it will fall.
                let labelAlpha = min(1, max(0, (t - 0.5) / 0.5))
                for label in [self.titleLabel, self.subtitleLabel] { label?.alpha = labelAlpha }
            })
    }

    /// Grows the balloon from its tip when selected (shrinks it back when
    /// not), and points the callout at the grown balloon's top.
    open override func setSelected(_ selected: Bool, animated: Bool) {
        let wasSelected = isSelected
        super.setSelected(selected, animated: animated)
        contentKey = nil
        let target = balloonScale(selected: selected)
        // The callout points at the top of the grown balloon.
        calloutOffset.y = -(target - 1) * Double(MarkerBalloon.height)
        guard wasSelected != selected || balloon.scale != target else { return }
        guard animated, let animator = window?.animator else {
            window?.animator.cancel(key: "marker.\(id)")
            balloon.scale = target
            return
        }
        let start = balloon.scale
        animator.animate(key: "marker.\(id)", duration: Self.growDuration) { [weak self] t in
            self?.balloon.scale = start + (target - start) * TimingCurve.easeOut.value(t)
        }
    }

    /// The balloon's scale for its size, grown when selected.
    private func balloonScale(selected: Bool) -> Double {
        (selected ? Self.selectedScale : 1) * markerSize.scale
    }

    /// The balloon at the scale of its size and state, the callout pointing at its top.
    private func settleBalloon() {
        balloon.scale = balloonScale(selected: isSelected)
        let top = -(balloon.scale - 1) * Double(MarkerBalloon.height)
        if calloutOffset.y != top { calloutOffset.y = top }
    }

    /// Set by the map's collision pass when an adaptive title would cover another view or title.
    package internal(set) var isTitleHiddenByCollision = false {
        didSet { if isTitleHiddenByCollision != oldValue { contentKey = nil } }
    }
    private var measuredTitle: (text: String, size: Size)?
    /// Whether `measuredTitle` (nil: no title) is the title of a marker whose title changes are announced
    /// (`titlesAreAnnounced`): the collision pass then need not read the annotation's title, which takes a
    /// store's lock, for each of a thousand markers. `applyStyle(of:)` lets it go.
    var announcedTitleIsMeasured = false

    /// Whether the title label shows now: adaptive titles give way to other
    /// views, except while selected.
    public var showsTitle: Bool { showsTitle(annotation?.title) }

    private func showsTitle(_ title: String?) -> Bool {
        guard titleVisibility != .hidden, !(title ?? "").isEmpty else { return false }
        return titleVisibility == .visible || isSelected || !isTitleHiddenByCollision
    }

    /// Where an adaptive title goes, in the view's coordinates, shown or not.
    func titleCollisionFrame(fonts: FontBook) -> Rect? {
        guard titleVisibility == .adaptive else { return nil }
        if !(titlesAreAnnounced && announcedTitleIsMeasured) {
            announcedTitleIsMeasured = titlesAreAnnounced
            if let title = annotation?.title, !title.isEmpty {
                if measuredTitle?.text != title {
                    let size = Label.sizeThatFits(
                        title, typeface: fonts.bold, fontSize: Self.titleFontSize,
                        maxWidth: Self.maxLabelWidth)
                    measuredTitle = (title, size)
                }
            } else {
                measuredTitle = nil
            }
        }
        guard let size = measuredTitle?.size else { return nil }
        return Rect(
            x: ((bounds.width - size.width) / 2).rounded(), y: bounds.height + 1, width: size.width, height: size.height
        )
    }

    /// The balloon (grown while selected) and the labels under it: a callout
    /// that must hang below the marker (no room above) hangs below its title
    /// and subtitle rather than over them, so the name the person tapped
    /// stays readable, and a scroll to fit keeps the grown balloon on screen.
    open override var drawnFrame: Rect {
        // Laid out already, for a title whose changes are announced (the shared world's): nothing to read
        // again. The collision and city-name passes ask every view for this every frame.
        if contentKey == nil || !titlesAreAnnounced, let fonts = mapView?.fonts { updateContent(fonts: fonts) }
        let grown = balloonScale(selected: isSelected)
        var frame = Rect(
            x: bounds.midX - bounds.width * grown / 2, y: bounds.maxY - bounds.height * grown,
            width: bounds.width * grown, height: bounds.height * grown)
        // Each label on its own: an array of the two was allocated on every call.
        if let label = titleLabel, !label.isHidden { frame = frame.union(label.frame) }
        if let label = subtitleLabel, !label.isHidden { frame = frame.union(label.frame) }
        return frame
    }

    /// Whether the subtitle label shows now: adaptive shows it only while selected.
    public var showsSubtitle: Bool { showsSubtitle(annotation?.subtitle) }

    private func showsSubtitle(_ subtitle: String?) -> Bool {
        guard !(subtitle ?? "").isEmpty else { return false }
        switch subtitleVisibility {
        case .visible: return true
        case .hidden: return false
        case .adaptive: return isSelected
        }
    }

    /// Lays out the glyph and labels for the current state, and starts a pending drop.
    open override func renderSubviews(into context: inout RenderContext) {
        if let fonts = mapView?.fonts { updateContent(fonts: fonts) }
        startDropIfPending()
        super.renderSubviews(into: &context)
    }

    /// A held marker reads its annotation's title and subtitle each frame, as
    /// a rendered one does, unless the map made it for a `StyledAnnotation`,
    /// whose edits the map is told of (`MapView.annotationStyleDidChange(_:)`).
    override func refreshHeldRender(fonts: FontBook) {
        if !titlesAreAnnounced { updateContent(fonts: fonts) }
    }

    override var refreshesHeldRender: Bool { !titlesAreAnnounced }

    /// Set while the map shows the marker for a `StyledAnnotation`.
    var titlesAreAnnounced = false

    /// Titles sit on the map itself: dark on a light map, light on a dark one.
    private var labelColor: Color { (mapView?.chromeColors ?? .light).markerLabel }

    /// Lays out glyph and labels when what they show changed.
    func updateContent(fonts: FontBook) {
        // Each read once: an annotation of the store's takes a lock for each.
        let (annotationTitle, annotationSubtitle) = (annotation?.title, annotation?.subtitle)
        // A map moving under a marker does not place it again: the mirror follows the title here too.
        nameInMirror(title: annotationTitle)
        let title = showsTitle(annotationTitle) ? annotationTitle ?? "" : ""
        let subtitle = showsSubtitle(annotationSubtitle) ? annotationSubtitle ?? "" : ""
        let glyph = isSelected ? (selectedGlyphImage ?? glyphImage) : glyphImage
        let key = ContentKey(
            title: title, subtitle: subtitle, glyphText: glyphText, glyph: glyph?.id,
            tint: glyphTintColor, labelColor: labelColor)
        guard key != contentKey else { return }
        contentKey = key
        layoutGlyph(glyph, fonts: fonts)
        titleLabel = layoutLabel(
            titleLabel, text: title, typeface: fonts.bold, size: Self.titleFontSize, top: bounds.height + 1)
        let subtitleTop = (titleLabel?.isHidden == false ? titleLabel!.frame.maxY : bounds.height + 1)
        subtitleLabel = layoutLabel(subtitleLabel, text: subtitle, typeface: fonts.regular, size: 11, top: subtitleTop)
    }

    private func layoutGlyph(_ image: ImageResource?, fonts: FontBook) {
        let text = glyphText ?? ""
        glyphImageView.image = image
        glyphImageView.isHidden = image == nil || !text.isEmpty
        glyphDot.isHidden = image != nil || !text.isEmpty
        glyphDot.backgroundColor = glyphTintColor
        if text.isEmpty {
            glyphLabel?.isHidden = true
            return
        }
        let label = glyphLabel ?? Label(text: text, typeface: fonts.bold, fontSize: 13, color: glyphTintColor)
        if glyphLabel == nil {
            label.alignment = .center
            balloon.addSubview(label)
            glyphLabel = label
        }
        label.text = text
        label.textColor = glyphTintColor
        label.isHidden = false
        let h = label.lineHeight
        label.frame = Rect(x: 2, y: (MarkerBalloon.headCenter.y - h / 2).rounded(), width: bounds.width - 4, height: h)
    }

    private func layoutLabel(_ existing: Label?, text: String, typeface: Typeface, size: Double, top: Double) -> Label?
    {
        guard !text.isEmpty || existing != nil else { return nil }
        let label = existing ?? Label(text: text, typeface: typeface, fontSize: size, color: labelColor)
        label.textColor = labelColor
        if existing == nil {
            label.alignment = .center
            addSubview(label)
        }
        label.text = text
        label.isHidden = text.isEmpty
        let fit = label.sizeThatFits(maxWidth: Self.maxLabelWidth)
        label.frame = Rect(x: ((bounds.width - fit.width) / 2).rounded(), y: top, width: fit.width, height: fit.height)
        return label
    }
}
