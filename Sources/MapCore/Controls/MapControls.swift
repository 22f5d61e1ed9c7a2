import DisplayList
import InputEvents
import MapGeometry
import ViewKit

/// The map's own controls, drawn over it like any view: zoom buttons, a
/// "Keyboard shortcuts" button and its panel, a scale bar and the data
/// attribution. `options` says which show and in which corner; each frame
/// they are laid out in their corners, stacked when they share one, and
/// moved clear of the app's own overlays on the map (a toolbar).
///
/// A map has them from the start, all hidden; a MapWire session shows them
/// as `MapWireConfiguration.controls` says, and an app may change that per
/// tab through `MapAppSession.controls`.
public final class MapControls: View {
    /// Which controls show, and where.
    public var options = MapControlsOptions.hidden {
        didSet { applyOptions() }
    }
    /// The zoom buttons.
    public let zoom: ZoomControl
    /// Opens the list of keys, as the `?` key does.
    public let keyboardHelpButton: Button
    /// The list of keys, made when first asked for (twenty labels most tabs
    /// never open: 9 KB a session) and hidden until opened.
    public var keyboardHelp: KeyboardHelpPanel { madeKeyboardHelp ?? makeKeyboardHelp() }
    private var madeKeyboardHelp: KeyboardHelpPanel?
    private let fonts: FontBook
    /// The metric scale bar.
    public let scaleBar: ScaleBarView
    /// The credit for the map's data.
    public let attribution: AttributionView
    /// The credits of the base map's tiles on screen, shown before `options.attributions`.
    package var dataAttributions: [MapCredit] = [] {
        didSet { applyOptions() }
    }
    /// What had focus when the panel opened; it gets it back when the panel closes.
    private weak var focusBeforeHelp: View?
    private var laidOutCorners: [View] = []
    /// Light or dark, as the map's `userInterfaceStyle` says.
    package private(set) var colors = MapChromeColors.light

    static let margin = 10.0
    static let spacing = 8.0
    static let shadow = ItemShadow(color: Color.black.withAlpha(0.25), blur: 6, offsetY: 1)

    init(fonts: FontBook) {
        zoom = ZoomControl(fonts: fonts)
        keyboardHelpButton = Button(
            title: "?", typeface: fonts.bold, fontSize: 17,
            titleColor: ZoomControl.enabledColor, color: .white,
            highlightedColor: Color(hex: 0xE5E5EA))
        keyboardHelpButton.accessibilityLabel = "Keyboard shortcuts"
        keyboardHelpButton.frame = Rect(x: 0, y: 0, width: ZoomControl.buttonSide, height: ZoomControl.buttonSide)
        keyboardHelpButton.layoutTitle()
        keyboardHelpButton.shadow = Self.shadow
        scaleBar = ScaleBarView(fonts: fonts)
        attribution = AttributionView(fonts: fonts)
        self.fonts = fonts
        super.init()
        for v in [zoom, keyboardHelpButton, scaleBar, attribution] { addSubview(v) }
        zoom.zoomInButton.onTap = { [unowned self] in zoomMap(by: 1) }
        zoom.zoomOutButton.onTap = { [unowned self] in zoomMap(by: -1) }
        keyboardHelpButton.onTap = { [unowned self] in toggleKeyboardHelp() }
        attribution.openURL = { [unowned self] url in map?.observer.openURL?(url) }
        applyOptions()
    }

    /// The panel, over the other controls, closed.
    private func makeKeyboardHelp() -> KeyboardHelpPanel {
        let panel = KeyboardHelpPanel(fonts: fonts)
        panel.apply(colors)
        panel.isHidden = true
        panel.closeButton.onTap = { [unowned self] in hideKeyboardHelp() }
        addSubview(panel)
        madeKeyboardHelp = panel
        return panel
    }

    private var map: MapView? { superview as? MapView }

    /// Gives every control the light or dark look.
    func apply(_ colors: MapChromeColors) {
        guard colors != self.colors else { return }
        self.colors = colors
        zoom.apply(colors)
        keyboardHelpButton.normalColor = colors.controlFill
        keyboardHelpButton.highlightedColor = colors.controlPressed
        keyboardHelpButton.titleLabel.textColor = colors.controlInk
        scaleBar.apply(colors)
        attribution.apply(colors)
        madeKeyboardHelp?.apply(colors)
    }

    /// Zooms about the centre, from where the camera is going: pressing twice quickly zooms twice.
    private func zoomMap(by levels: Double) {
        guard let map else { return }
        map.zoom(by: levels, around: map.bounds.center, animated: true)
    }

    private func applyOptions() {
        zoom.isHidden = options.zoom == nil
        keyboardHelpButton.isHidden = options.keyboardHelp == nil
        scaleBar.isHidden = options.scaleBar == nil
        // A source that several layers draw from (the base map's tiles and an app's lines from the same
        // OpenStreetMap extract) is credited once, where it first appears.
        var seen = Set<String>()
        let credits = dataAttributions + options.attributions.map { MapCredit(text: $0) }
        attribution.credits = credits.filter { seen.insert($0.text).inserted }
        attribution.isHidden = options.attribution == nil || attribution.sources.isEmpty
    }

    // MARK: Keyboard shortcuts

    /// Whether the list of keys is open.
    public var isKeyboardHelpShown: Bool { madeKeyboardHelp.map { !$0.isHidden } ?? false }

    /// Opens the list of keys over the map and focuses its Close button.
    /// Escape or a press anywhere outside it closes it again.
    public func showKeyboardHelp() {
        guard !isKeyboardHelpShown else { return }
        focusBeforeHelp = window?.focusedView
        keyboardHelp.isHidden = false
        keyboardHelpButton.accessibilityFlags = [.expanded]
        window?.addDismissible(keyboardHelp) { [weak self] in self?.hideKeyboardHelp() }
        window?.focus(keyboardHelp.closeButton)
    }

    /// Closes the list, giving focus back to what had it.
    public func hideKeyboardHelp() {
        guard isKeyboardHelpShown else { return }
        keyboardHelp.isHidden = true
        keyboardHelpButton.accessibilityFlags = []
        window?.removeDismissible(keyboardHelp)
        if let window, window.focusedView.map({ $0.isDescendant(of: keyboardHelp) }) ?? true {
            let back = focusBeforeHelp.flatMap { $0.window === window && !$0.isHidden ? $0 : nil }
            window.focus(back)
        }
        focusBeforeHelp = nil
    }

    private func toggleKeyboardHelp() {
        if isKeyboardHelpShown { hideKeyboardHelp() } else { showKeyboardHelp() }
    }

    /// `?` opens or closes the list; Escape closes it. False for every other key.
    func handleKey(_ event: KeyEvent) -> Bool {
        switch event.key {
        case "?":
            toggleKeyboardHelp()
            return true
        case "Escape" where isKeyboardHelpShown:
            hideKeyboardHelp()
            return true
        default:
            return false
        }
    }

    // MARK: Layout

    /// Where the corner controls are, in the map's coordinates, as of the
    /// last frame: the parts of the map they hide, for keeping other things
    /// (callouts) clear of them. The keyboard shortcuts panel is not included,
    /// and the scale bar counts at its longest: it changes length as the map
    /// pans and zooms, and an open callout must not move (or scroll the map)
    /// each time it does.
    public var coveredRects: [Rect] {
        laidOutCorners.filter { !$0.isHidden }.map { view in
            guard view === scaleBar, let corner = options.scaleBar else { return view.frame }
            let width = max(view.frame.width, scaleBar.maxWidth + 2 * ScaleBarView.padding)
            let x = corner.isLeft ? view.frame.minX : view.frame.maxX - width
            return Rect(x: x, y: view.frame.minY, width: width, height: view.frame.height)
        }
    }

    /// Fills the map, updates the controls for its camera and puts each in its corner.
    func layout(in map: MapView) {
        frame = map.bounds
        let camera = map.camera
        zoom.update(zoom: camera.zoom, least: Camera.minimumZoom(for: map.bounds.size))
        scaleBar.update(latitude: camera.centerCoordinate.latitude, zoom: camera.zoom)
        attribution.layout(maxWidth: max(120, map.bounds.width - 2 * Self.margin))
        let obstacles = map.overlayFrames(excluding: self)
        // Most frames (a pan, a pin moving) change nothing the corners depend on: the controls stay where they are.
        if placement?.inputs != placementInputs(size: map.bounds.size, obstacles: obstacles) {
            placeCorners(size: map.bounds.size, obstacles: obstacles)
            placement = PlacedFor(inputs: placementInputs(size: map.bounds.size, obstacles: obstacles))
            placements += 1
        }
        if isKeyboardHelpShown { keyboardHelp.layout(in: map.bounds.size) }
    }

    /// Everything the corners' placing reads, the controls' frames as placed included (so a control an app
    /// moved is put back): while it stays the same, placing again would give the same frames.
    private struct Placement: Equatable {
        var size: Size
        var obstacles: [Rect]
        var options: MapControlsOptions
        var zoom: Rect, keyboardHelpButton: Rect, scaleBar: Rect, attribution: Rect
        /// Which of the four show, a bit each.
        var shown: UInt8
    }

    /// What the corners were last placed for, out of line: a resting map lets it go (`forgetPlacement`),
    /// so that idle sessions do not keep it.
    private var placement: PlacedFor?
    private final class PlacedFor {
        let inputs: Placement
        init(inputs: Placement) { self.inputs = inputs }
    }

    /// Lets go of what the corners were placed for: the next frame places them again.
    func forgetPlacement() {
        placement = nil
    }

    /// How many times the corners were placed (tests check that a pan does not place them again).
    package private(set) var placements = 0

    private func placementInputs(size: Size, obstacles: [Rect]) -> Placement {
        Placement(
            size: size, obstacles: obstacles, options: options, zoom: zoom.frame,
            keyboardHelpButton: keyboardHelpButton.frame, scaleBar: scaleBar.frame,
            attribution: attribution.frame,
            shown: (zoom.isHidden ? 0 : 1) | (keyboardHelpButton.isHidden ? 0 : 2)
                | (scaleBar.isHidden ? 0 : 4) | (attribution.isHidden ? 0 : 8))
    }

    private func placeCorners(size: Size, obstacles: [Rect]) {
        // Top to bottom within a corner, whichever edge it hugs.
        let order: [(View, MapControlCorner?, Double)] = [
            (zoom, options.zoom, Self.margin), (keyboardHelpButton, options.keyboardHelp, Self.margin),
            (scaleBar, options.scaleBar, Self.margin), (attribution, options.attribution, 0),
        ]
        laidOutCorners = []
        var placed: [Rect] = []
        for corner in MapControlCorner.allCases {
            let stack = order.filter { $0.1 == corner && !$0.0.isHidden }
            guard !stack.isEmpty else { continue }
            place(stack.map { ($0.0, $0.2) }, in: corner, size: size, avoiding: obstacles, clearOf: placed)
            laidOutCorners += stack.map(\.0)
            placed += stack.map(\.0.frame)
        }
    }

    /// Stacks `views` (each with its margin from the edges) from `corner`'s
    /// top or bottom edge, then slides the stack vertically off any obstacle.
    /// A stack keeps to its half of the map's height: on a short map the
    /// controls that would pass the middle start a column beside the first.
    /// A slide that would take a control off the map or onto another
    /// corner's (`placed`) is not made: the controls paint above the app's
    /// views, so over one they are still whole and can be pressed.
    private func place(
        _ views: [(View, Double)], in corner: MapControlCorner, size: Size,
        avoiding obstacles: [Rect], clearOf placed: [Rect]
    ) {
        var frames = stackFrames(views, in: corner, size: size, shift: 0)
        // A few passes: moving off one overlay may land on another.
        var shift = 0.0
        for _ in 0..<4 {
            let bounds = frames.reduce(nil as Rect?) { $0?.union($1) ?? $1 } ?? .zero
            guard let hit = obstacles.first(where: { $0.intersects(bounds) }) else { break }
            shift += corner.isTop ? hit.maxY + Self.spacing - bounds.minY : bounds.maxY - hit.minY + Self.spacing
            let slid = stackFrames(views, in: corner, size: size, shift: shift)
            let map = Rect(origin: .zero, size: size)
            guard slid.allSatisfy({ map.contains($0) && !placed.contains(where: $0.intersects) }) else { break }
            frames = slid
        }
        for ((view, _), frame) in zip(views, frames) { view.frame = frame }
    }

    /// Where each of `views` goes in `corner`, `shift` px further from its edge.
    private func stackFrames(
        _ views: [(View, Double)], in corner: MapControlCorner, size: Size,
        shift: Double
    ) -> [Rect] {
        // Nearest the edge first: from the top down, or from the bottom up.
        let order = corner.isTop ? Array(views.indices) : views.indices.reversed()
        let start = views[order[0]].1
        var frames = [Rect](repeating: .zero, count: views.count)
        var along = start, column = 0.0, columnWidth = 0.0
        for (n, i) in order.enumerated() {
            let (view, margin) = views[i]
            let w = view.frame.width, h = view.frame.height
            if n > 0, along + h > size.height / 2 {
                column += columnWidth + Self.spacing
                columnWidth = 0
                along = start
            }
            let x = corner.isLeft ? margin + column : size.width - margin - column - w
            let y = corner.isTop ? along + shift : size.height - along - h - shift
            frames[i] = Rect(x: x, y: y, width: w, height: h)
            along += h + Self.spacing
            columnWidth = max(columnWidth, w)
        }
        return frames
    }

    /// Laid out just before it is drawn: the camera and the map's size may
    /// have changed, and the app's overlays have just been laid out.
    public override func itemProperties() -> ItemProperties {
        if let map { layout(in: map) }
        return super.itemProperties()
    }

    /// Only the controls take presses: the map between them is still the map.
    public override func point(inside point: Point) -> Bool { false }
}
