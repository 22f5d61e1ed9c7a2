import MapWire

/// The wishlist app's own callout (the Wishlist sample's PersonDetailMapView): a
/// 240x280 card on a bubble whose arrow points at the pin, with the person's
/// round avatar, name, a "Wishlist" heading, their wishes in a scrolling list
/// and a "See details" button. Every control in it is interactive; the card's
/// background swallows the rest, so taps inside never reach the map. On a
/// map too short for card and pin together, the list gives up rows so that
/// both show, and on one too short for a single wish the card keeps only the
/// person and the button.
public final class WishlistCardView: View {
    /// The card's size where there is room for it.
    public static let size = Size(width: 240, height: 280)
    /// How long the card takes to fade in or out, in seconds.
    public static let fadeDuration = 0.3
    static let padding = 14.0

    /// The callout-shaped bubble the card is drawn in, with its arrow to the pin.
    public let bubble = BubbleView()
    /// The person's round avatar.
    public let avatarView: ImageView
    /// Their name.
    public let nameLabel: Label
    /// Where they live.
    public let placeLabel: Label
    /// The "Wishlist" heading.
    public let headingLabel: Label
    /// Their wishes, scrolling with momentum and a bounce at the ends.
    public let listView = ListView()
    /// "See details", which pushes their detail screen.
    public let detailsButton: Button
    /// Whose card it is.
    public let person: Person
    private let wishList: WishList

    /// The card of `person`, the custom callout of the "Your Personal Wishlist" sample.
    public init(person: Person, avatar: ImageResource?, fonts: FontBook) {
        self.person = person
        avatarView = ImageView(image: avatar)
        nameLabel = Label(text: person.name, typeface: fonts.bold, fontSize: 16, color: Color(hex: 0x1C1C1E))
        placeLabel = Label(text: person.place, typeface: fonts.regular, fontSize: 12, color: Color(hex: 0x6C6C70))
        headingLabel = Label(text: "Wishlist", typeface: fonts.bold, fontSize: 13, color: Color(hex: 0x3A3A3C))
        detailsButton = Button(
            title: "See details", typeface: fonts.bold, fontSize: 15,
            color: Color(hex: 0x2F6FDE), highlightedColor: Color(hex: 0x1D4FA8))
        wishList = WishList(wishes: person.wishes, fonts: fonts)
        super.init(frame: Rect(origin: .zero, size: Self.size))
        accessibilityRole = .dialog
        accessibilityLabel = person.name
        bubble.arrowHeight = 20
        bubble.arrowWidth = 24
        bubble.cornerRadius = 12
        nameLabel.accessibilityRole = .heading
        nameLabel.numberOfLines = 2
        placeLabel.accessibilityRole = .text
        headingLabel.accessibilityRole = .heading
        listView.accessibilityLabel = "Wishlist of \(person.name)"
        avatarView.cornerRadius = 21
        avatarView.clipsToBounds = true
        for v in [bubble, avatarView, nameLabel, placeLabel, headingLabel, listView, detailsButton] as [View] {
            addSubview(v)
        }
        layoutContent()
        wishList.attach(to: listView)
    }

    /// The shortest the card gets: the person and the "See details" button.
    public private(set) var minimumHeight = 0.0

    private func layoutContent() {
        let pad = Self.padding, w = bounds.width, h = bounds.height
        bubble.frame = bounds
        avatarView.frame = Rect(x: pad, y: pad, width: 42, height: 42)
        let textX = pad + 42 + 10
        let textW = w - textX - pad
        let name = nameLabel.sizeThatFits(maxWidth: textW)
        let nameH = min(name.height, 2 * nameLabel.lineHeight)
        let textH = nameH + placeLabel.lineHeight
        let top = max(pad, pad + (42 - textH) / 2).rounded()
        nameLabel.frame = Rect(x: textX, y: top, width: textW, height: nameH)
        placeLabel.frame = Rect(x: textX, y: top + nameH, width: textW, height: placeLabel.lineHeight)
        let headingY = max(avatarView.frame.maxY, placeLabel.frame.maxY) + 10
        headingLabel.frame = Rect(x: pad, y: headingY, width: w - 2 * pad, height: headingLabel.lineHeight)
        let buttonH = 36.0
        detailsButton.frame = Rect(x: pad, y: h - pad - buttonH, width: w - 2 * pad, height: buttonH)
        detailsButton.layoutTitle()
        let listY = headingLabel.frame.maxY + 4
        listView.rowHeight = 30
        let listH = detailsButton.frame.minY - 8 - listY
        listView.frame = Rect(x: 4, y: listY, width: w - 8, height: max(0, listH))
        // Too short for one wish (a map not much taller than the card): the
        // person and the button are what the card is for.
        let showsList = listH >= listView.rowHeight
        headingLabel.isHidden = !showsList
        listView.isHidden = !showsList
        minimumHeight = (headingY + buttonH + pad).rounded(.up)
    }

    /// Makes the card `height` tall (at least `minimumHeight`), the list taking the difference.
    private func setHeight(_ height: Double) {
        let height = max(minimumHeight, height)
        guard height != frame.height else { return }
        frame.size.height = height
        layoutContent()
    }

    // MARK: Placement

    /// Puts the card above `pinView` (below it only where no scroll can make
    /// room), centred on it and clear of the views over the map it would be
    /// under; on a map too short for card and pin together the card first
    /// gets shorter. Returns how far the map must scroll for card and pin to
    /// fit (zero when `scrollsToFit` is false).
    func place(on pinView: AnnotationView, in mapView: MapView, scrollsToFit: Bool) -> Point {
        guard let anchor = pinView.worldAnchor else { return .zero }
        setHeight(Self.size.height)
        let full = Self.size
        guard
            var placement = mapView.calloutPlacement(
                for: pinView, size: full, bubble: bubble,
                scrollsToFit: scrollsToFit)
        else { return .zero }
        // A shorter card may be placed round the toolbar another way: a few tries.
        for _ in 0..<3 where placement.overflow.height > 0 && frame.height > minimumHeight {
            setHeight((frame.height - placement.overflow.height).rounded(.down))
            placement =
                mapView.calloutPlacement(
                    for: pinView, size: frame.size, bubble: bubble,
                    scrollsToFit: scrollsToFit) ?? placement
        }
        // In the pin view's coordinates, so the card rides along when the pin moves.
        let pinOrigin = mapView.screenPoint(forWorld: anchor) + pinView.frame.origin
        frame.origin = Point(
            x: (placement.frame.minX - pinOrigin.x).rounded(),
            y: (placement.frame.minY - pinOrigin.y).rounded())
        bubble.direction = placement.direction
        bubble.arrowX = placement.arrowX.rounded()
        return placement.pan
    }

    // MARK: Appearing

    /// Fades in over `fadeDuration`, once `delay` seconds (the map's scroll
    /// to fit) have passed.
    func present(animator: Animator?, after delay: Double = 0) {
        guard let animator else { return }
        alpha = 0
        let total = delay + Self.fadeDuration
        animator.animate(key: presentationAnimationKey, duration: total) { [weak self] t in
            self?.alpha = TimingCurve.easeOut.value(max(0, t * total - delay) / Self.fadeDuration)
        }
    }

    /// Leaves the mirror and stops taking input at once, then fades out and
    /// removes itself (at once when not animated).
    func dismiss(animator: Animator?, animated: Bool) {
        fadeOutAndRemove(over: Self.fadeDuration, animator: animator, animated: animated)
    }

    // MARK: Input: the background is a cover (as in the Wishlist sample), the bubble's shape is the card.

    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
    public override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
    public override func point(inside point: Point) -> Bool { bubble.point(inside: point) }
}
