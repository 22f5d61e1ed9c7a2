import MapWire

/// The MapCallouts sample's toolbar: City, Bridge, Flower, Ferry and All
/// buttons on a bar pinned to the bottom centre of the map. It is a plain
/// view with buttons, so it is hit-tested and mirrored like any other.
public final class LandmarkToolbar: View {
    public let buttons: [MapCalloutsScreen.Filter: Button]
    /// Called with the filter of the button pressed.
    public var onSelect: ((MapCalloutsScreen.Filter) -> Void)?
    static let buttonSize = Size(width: 72, height: 34)
    static let spacing = 6.0
    static let bottomMargin = 24.0
    static let normal = Color(hex: 0xF2F2F7)
    static let chosen = Color(hex: 0x007AFF)

    public init(fonts: FontBook) {
        var buttons: [MapCalloutsScreen.Filter: Button] = [:]
        for filter in MapCalloutsScreen.Filter.allCases {
            let b = Button(title: filter.title, typeface: fonts.bold, fontSize: 14, titleColor: Color(hex: 0x007AFF),
                           color: Self.normal, highlightedColor: Color(hex: 0xD1D1D6))
            buttons[filter] = b
        }
        self.buttons = buttons
        let count = Double(MapCalloutsScreen.Filter.allCases.count)
        let width = count * Self.buttonSize.width + (count + 1) * Self.spacing
        super.init(frame: Rect(x: 0, y: 0, width: width, height: Self.buttonSize.height + 2 * Self.spacing))
        backgroundColor = Color.white.withAlpha(0.92)
        cornerRadius = 12
        shadow = ItemShadow(color: Color.black.withAlpha(0.2), blur: 8, offsetY: 2)
        for (i, filter) in MapCalloutsScreen.Filter.allCases.enumerated() {
            guard let b = buttons[filter] else { continue }
            b.frame = Rect(x: Self.spacing + Double(i) * (Self.buttonSize.width + Self.spacing), y: Self.spacing,
                           width: Self.buttonSize.width, height: Self.buttonSize.height)
            b.layoutTitle()
            b.onTap = { [weak self] in self?.onSelect?(filter) }
            addSubview(b)
        }
    }

    /// Marks the button of `filter` as the current one.
    public func highlight(_ filter: MapCalloutsScreen.Filter) {
        for (f, b) in buttons {
            let on = f == filter
            b.normalColor = on ? Self.chosen : Self.normal
            b.titleLabel.textColor = on ? .white : Self.chosen
            b.accessibilityFlags = on ? [.selected] : []
        }
    }

    /// Bottom centre of the map, kept there as the map resizes.
    func pinToSuperview() {
        guard let parent = superview else { return }
        frame.origin = Point(x: ((parent.frame.width - frame.width) / 2).rounded(),
                             y: parent.frame.height - frame.height - Self.bottomMargin)
    }

    // Laid out just before it is drawn: the map's size may have changed since.
    public override func itemProperties() -> ItemProperties {
        pinToSuperview()
        return super.itemProperties()
    }

    // The bar between its buttons is not map: a press there must not pan or deselect.
    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
    public override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
}
