import MapWire

/// What the bridge's detail-disclosure button opens: a card over a dimmed
/// map with the landmark's title, subtitle and where it is, and a Done
/// button that closes it (Apple's MapCallouts presents a detail view
/// controller here).
public final class LandmarkDetailView: View {
    /// The landmark the card describes.
    public let landmark: Landmark
    /// The white card in the middle of the dimmed map.
    public let card = View()
    /// The landmark's title, the card's heading.
    public let titleLabel: Label
    /// The landmark's subtitle under the title.
    public let subtitleLabel: Label
    /// Where the landmark is, as coordinates.
    public let placeLabel: Label
    /// Closes the card, as the sample's detail sheet's Done does.
    public let doneButton: Button
    /// Called when Done is pressed.
    public var onDone: (() -> Void)?
    static let cardWidth = 340.0

    /// The detail card of `landmark`, the "More Info" the bridge's callout accessory opens in
    /// Apple's MapCallouts sample.
    public init(landmark: Landmark, fonts: FontBook) {
        self.landmark = landmark
        titleLabel = Label(text: landmark.title ?? "", typeface: fonts.bold, fontSize: 20, color: Color(hex: 0x1C1C1E))
        subtitleLabel = Label(
            text: landmark.subtitle ?? "", typeface: fonts.regular, fontSize: 15,
            color: Color(hex: 0x3C3C43))
        let c = landmark.coordinate
        placeLabel = Label(
            text: "\(Self.degrees(c.latitude, "N", "S")), \(Self.degrees(c.longitude, "E", "W"))",
            typeface: fonts.regular, fontSize: 13, color: Color(hex: 0x6C6C70))
        doneButton = Button(
            title: "Done", typeface: fonts.bold, fontSize: 15, color: Color(hex: 0x007AFF),
            highlightedColor: Color(hex: 0x0056B3))
        super.init()
        backgroundColor = Color.black.withAlpha(0.35)
        card.backgroundColor = .white
        card.cornerRadius = 14
        card.shadow = ItemShadow(color: Color.black.withAlpha(0.3), blur: 16, offsetY: 4)
        card.accessibilityRole = .dialog
        card.accessibilityLabel = landmark.title
        titleLabel.accessibilityRole = .heading
        for label in [titleLabel, subtitleLabel, placeLabel] { label.numberOfLines = 0 }
        addSubview(card)
        for v in [titleLabel, subtitleLabel, placeLabel, doneButton] { card.addSubview(v) }
        doneButton.onTap = { [weak self] in self?.onDone?() }
        layoutCard()
    }

    static func degrees(_ value: Double, _ positive: String, _ negative: String) -> String {
        let rounded = (abs(value) * 10_000).rounded() / 10_000
        return "\(rounded)° \(value >= 0 ? positive : negative)"
    }

    private func layoutCard() {
        let w = Self.cardWidth, pad = 20.0
        var y = pad
        for label in [titleLabel, subtitleLabel, placeLabel] {
            let fit = label.sizeThatFits(maxWidth: w - 2 * pad)
            label.frame = Rect(x: pad, y: y, width: w - 2 * pad, height: fit.height)
            y += fit.height + 8
        }
        doneButton.frame = Rect(x: w - pad - 88, y: y + 8, width: 88, height: 36)
        doneButton.layoutTitle()
        card.frame.size = Size(width: w, height: doneButton.frame.maxY + pad)
    }

    /// Covers its superview, the card centred.
    func fillSuperview() {
        guard let parent = superview else { return }
        frame = parent.bounds
        card.frame.origin = Point(
            x: ((frame.width - card.frame.width) / 2).rounded(),
            y: ((frame.height - card.frame.height) / 2).rounded())
    }

    // Laid out just before it is drawn: the window may have been resized.
    public override func itemProperties() -> ItemProperties {
        fillSuperview()
        return super.itemProperties()
    }

    // Modal: the map under it gets no presses or wheels.
    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
    public override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
}
