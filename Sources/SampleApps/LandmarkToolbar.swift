import MapWire

/// The MapCallouts sample's toolbar: City, Bridge, Flower, Ferry and All
/// buttons on a bar pinned to the bottom centre of the map. It is a plain
/// view with buttons, so it is hit-tested and mirrored like any other.
///
/// It takes its fair share of a small map and no more: the buttons narrow
/// (never below their titles) to fit the map's width, and where the row
/// would not fit, or the bar with its margin would take more than a quarter
/// of the map's height, it folds into one "Show" button that opens the
/// buttons as a menu above it.
public final class LandmarkToolbar: View {
    /// One button a filter: City, Bridge, Flower, Ferry and All, as in the sample's toolbar.
    public let buttons: [MapCalloutsScreen.Filter: Button]
    /// Called with the filter of the button pressed.
    public var onSelect: ((MapCalloutsScreen.Filter) -> Void)?
    /// On a small map, the one button that opens the others ("Show: All").
    public let menuButton: Button
    /// The buttons as a menu above `menuButton`, while it is open.
    public let menu = View()
    /// True while the toolbar is folded into `menuButton`.
    public private(set) var isFolded = false
    /// True while the menu is open.
    public var isMenuOpen: Bool { isFolded && !menu.isHidden }

    static let buttonSize = Size(width: 72, height: 34)
    static let spacing = 6.0
    /// Room around a title in a button narrowed to fit.
    static let titlePadding = 8.0
    static let bottomMargin = 24.0
    /// The margins on a map under `shortMap` px tall.
    static let smallMargin = 10.0
    static let shortMap = 480.0
    /// The most of the map's height the bar and its margin may take.
    static let maxHeightShare = 0.25
    static let normal = Color(hex: 0xF2F2F7)
    static let chosen = Color(hex: 0x007AFF)
    static let filters = MapCalloutsScreen.Filter.allCases

    private var current = MapCalloutsScreen.Filter.all
    /// Each button's narrowest width: its title and padding.
    private let minimumWidths: [Double]
    private let foldedWidth: Double

    /// The toolbar with a button for each filter, All highlighted.
    public init(fonts: FontBook) {
        var buttons: [MapCalloutsScreen.Filter: Button] = [:]
        for filter in Self.filters {
            buttons[filter] = Button(
                title: filter.title, typeface: fonts.bold, fontSize: 14, titleColor: Self.chosen,
                color: Self.normal, highlightedColor: Color(hex: 0xD1D1D6))
        }
        self.buttons = buttons
        minimumWidths = Self.filters.map { f in
            (buttons[f].map { $0.titleLabel.sizeThatFits(maxWidth: .infinity).width } ?? 0) + 2 * Self.titlePadding
        }
        let menuButton = Button(
            title: "", typeface: fonts.bold, fontSize: 14, titleColor: Self.chosen,
            color: .clear, highlightedColor: Color(hex: 0xD1D1D6))
        // As wide as its longest title, so it keeps its size whichever filter shows.
        foldedWidth =
            Self.filters.map { f in
                menuButton.title = Self.menuTitle(f)
                return menuButton.titleLabel.sizeThatFits(maxWidth: .infinity).width + 4 * Self.titlePadding
            }.max()?.rounded(.up) ?? Self.buttonSize.width
        self.menuButton = menuButton
        super.init(frame: .zero)
        backgroundColor = Color.white.withAlpha(0.92)
        cornerRadius = 12
        shadow = ItemShadow(color: Color.black.withAlpha(0.2), blur: 8, offsetY: 2)
        menu.backgroundColor = .white
        menu.cornerRadius = 12
        menu.shadow = shadow
        menu.isHidden = true
        menuButton.isHidden = true
        menuButton.onTap = { [weak self] in self?.toggleMenu() }
        for filter in Self.filters {
            guard let b = buttons[filter] else { continue }
            b.onTap = { [weak self] in self?.choose(filter) }
            addSubview(b)
        }
        addSubview(menuButton)
        addSubview(menu)
        highlight(current)
        layOutRow(widths: Self.filters.map { _ in Self.buttonSize.width }, in: nil)
    }

    /// Marks the button of `filter` as the current one.
    public func highlight(_ filter: MapCalloutsScreen.Filter) {
        current = filter
        for (f, b) in buttons {
            let on = f == filter
            b.normalColor = on ? Self.chosen : Self.normal
            b.titleLabel.textColor = on ? .white : Self.chosen
            b.accessibilityFlags = on ? [.selected] : []
        }
        menuButton.title = Self.menuTitle(filter)
    }

    static func menuTitle(_ filter: MapCalloutsScreen.Filter) -> String { "Show: " + filter.title }

    private func choose(_ filter: MapCalloutsScreen.Filter) {
        let fromMenu = isMenuOpen
        closeMenu()
        onSelect?(filter)
        // Chosen from the menu with the keyboard: focus goes back to the button that opened it.
        if fromMenu, let window, window.focusedView?.isDescendant(of: menu) ?? false { window.focus(menuButton) }
    }

    // MARK: Layout

    /// Bottom centre of the map, as a row or folded, kept there as the map resizes.
    func pinToSuperview() {
        guard let parent = superview else { return }
        let size = parent.frame.size
        let margin = size.height < Self.shortMap ? Self.smallMargin : Self.bottomMargin
        let band = Self.buttonSize.height + 2 * Self.spacing + margin
        if let widths = rowWidths(available: size.width - 2 * Self.smallMargin),
            band <= size.height * Self.maxHeightShare
        {
            layOutRow(widths: widths, in: size, margin: margin)
        } else {
            fold(in: size, margin: margin)
        }
    }

    /// The buttons' widths in a row at most `available` wide: all as wide
    /// as the widest title needs, up to their full width, or nil when even
    /// their titles do not fit.
    func rowWidths(available: Double) -> [Double]? {
        let count = Double(Self.filters.count)
        let room = available - (count + 1) * Self.spacing
        let even = min(Self.buttonSize.width, (room / count).rounded(.down))
        if even >= (minimumWidths.max() ?? 0) { return minimumWidths.map { _ in even } }
        let spare = room - minimumWidths.reduce(0, +)
        guard spare >= 0 else { return nil }
        return minimumWidths.map { ($0 + spare / count).rounded(.down) }
    }

    private func layOutRow(widths: [Double], in size: Size?, margin: Double = bottomMargin) {
        if isFolded {
            closeMenu()
            isFolded = false
            menuButton.isHidden = true
            for (i, filter) in Self.filters.enumerated() { if let b = buttons[filter] { insertSubview(b, at: i) } }
        }
        var x = Self.spacing
        for (filter, width) in zip(Self.filters, widths) {
            guard let b = buttons[filter] else { continue }
            place(b, Rect(x: x, y: Self.spacing, width: width, height: Self.buttonSize.height))
            x += width + Self.spacing
        }
        let bar = Size(width: x, height: Self.buttonSize.height + 2 * Self.spacing)
        setFrame(bar, in: size, margin: margin)
    }

    private func fold(in size: Size, margin: Double) {
        if !isFolded {
            isFolded = true
            menuButton.isHidden = false
            for filter in Self.filters { if let b = buttons[filter] { menu.addSubview(b) } }
        }
        let button = Size(width: foldedWidth, height: Self.buttonSize.height)
        place(menuButton, Rect(origin: .zero, size: button))
        setFrame(button, in: size, margin: margin)
        if !menu.isHidden { layOutMenu(in: size) }
    }

    private func place(_ button: Button, _ frame: Rect) {
        guard button.frame != frame else { return }
        button.frame = frame
        button.layoutTitle()
    }

    private func setFrame(_ bar: Size, in size: Size?, margin: Double) {
        guard let size else {
            frame.size = bar
            return
        }
        let next = Rect(
            x: ((size.width - bar.width) / 2).rounded(), y: size.height - bar.height - margin,
            width: bar.width, height: bar.height)
        if frame != next { frame = next }
    }

    // MARK: The menu

    private func toggleMenu() {
        if menu.isHidden { openMenu() } else { closeMenu() }
    }

    /// Opens the buttons above the folded toolbar; from the keyboard, focus goes to the current one.
    public func openMenu() {
        guard isFolded, menu.isHidden, let size = superview?.frame.size else { return }
        menu.isHidden = false
        menuButton.accessibilityFlags = [.expanded]
        layOutMenu(in: size)
        if let window, window.focusedView === menuButton { window.focus(buttons[current]) }
    }

    /// Closes the menu, if open.
    public func closeMenu() {
        guard !menu.isHidden else { return }
        menu.isHidden = true
        menuButton.accessibilityFlags = []
    }

    /// The buttons in as few columns as the room above the toolbar allows,
    /// centred over it and kept inside the map.
    private func layOutMenu(in size: Size) {
        let count = Self.filters.count, s = Self.spacing, h = Self.buttonSize.height
        let width = (minimumWidths.max() ?? Self.buttonSize.width).rounded(.up)
        let room = frame.minY - s - Self.smallMargin
        let rows = max(1, min(count, Int(((room - s) / (h + s)).rounded(.down))))
        let columns = (count + rows - 1) / rows
        let usedRows = (count + columns - 1) / columns
        let menuSize = Size(width: Double(columns) * (width + s) + s, height: Double(usedRows) * (h + s) + s)
        for (i, filter) in Self.filters.enumerated() {
            guard let b = buttons[filter] else { continue }
            place(
                b,
                Rect(
                    x: s + Double(i / usedRows) * (width + s), y: s + Double(i % usedRows) * (h + s),
                    width: width, height: h))
        }
        // In the toolbar's coordinates: above it, centred, inside the map's sides.
        let mapX = min(
            max(frame.midX - menuSize.width / 2, Self.smallMargin),
            size.width - Self.smallMargin - menuSize.width)
        menu.frame = Rect(
            x: (mapX - frame.minX).rounded(), y: -s - menuSize.height,
            width: menuSize.width, height: menuSize.height)
    }

    // Laid out just before it is drawn: the map's size may have changed since.
    public override func itemProperties() -> ItemProperties {
        pinToSuperview()
        return super.itemProperties()
    }

    /// Escape closes the open menu, focus going back to its button.
    public override func key(_ event: KeyEvent) -> Bool {
        guard event.key == "Escape", isMenuOpen else { return false }
        closeMenu()
        window?.focus(menuButton)
        return true
    }

    // The bar between its buttons is not map: a press there must not pan or deselect.
    public override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool { true }
    public override func wheel(_ event: WheelEvent, at location: Point) -> Bool { true }
}
