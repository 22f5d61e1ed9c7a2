import DisplayList
import MapCore
import StreetTiles
import ViewKit
import Wire

/// What a session knows about its style (confined to its queue).
struct SessionStyleState {
    /// The browser's colour scheme, from HELLO and COLOR_SCHEME.
    var browser = PreferredColorScheme.unknown
    /// The page URL's `?style=`, from HELLO.
    var url = ""
    /// What the map draws now, and the style file's generation it was drawn for.
    var drawn: (choice: StyleChoice, generation: UInt64)?
    /// Whether the style file draws a dark map, as of its generation: asked once a reload, not once a frame.
    var fileIsDark: (generation: UInt64, isDark: Bool)?
}

/// The street style and the light or dark look of one tab (StyleChoice.swift
/// has the rules): checked before each frame, so the app's choice, the
/// browser's colour scheme and a style file read again all show in the next one.
extension MapSession {
    /// The window's ground, past the base map, on a dark map with no style to take it from.
    static let darkGround = Color(hex: 0x1C1F23)

    /// The choice for this tab now, the style file's `generation` given.
    func styleChoice(generation: UInt64) -> StyleChoice {
        var fileIsDark = false
        if world.style.path != nil {
            if style.fileIsDark?.generation != generation {
                style.fileIsDark = (generation, world.streetStyles?.isDark(.custom) == true)
            }
            fileIsDark = style.fileIsDark?.isDark ?? false
        }
        return StyleChoice.resolve(
            setting: world.style, fileIsDark: fileIsDark, app: mapView?.overrideUserInterfaceStyle ?? .unspecified,
            url: style.url, browser: style.browser)
    }

    /// Points the map at the tiles of its style and gives it its look, when either changed.
    func updateStyle() {
        guard let mapView, let window else { return }
        let generation = world.streetStyles?.generation ?? 0
        let choice = styleChoice(generation: generation)
        if let drawn = style.drawn, drawn.choice == choice, drawn.generation == generation { return }
        style.drawn = (choice, generation)
        // A world without styles (an app's own, in tests) keeps the base map it was made with.
        if let styles = world.streetStyles, styles.hasArchives { mapView.streets = styles.tiles(choice.tiles) }
        mapView.applyUserInterfaceStyle(choice.look)
        window.backgroundColor =
            world.streetStyles?.groundColor(choice.tiles) ?? world.baseMap?.tiles.backgroundColor
            ?? (choice.look == .dark ? Self.darkGround : BaseMap.emptyColor)
        flow.isDirty = true
        windowMayHaveChanged = true
    }

    /// The browser's colour scheme changed while the page is open.
    func colorSchemeDidChange(to scheme: PreferredColorScheme) {
        style.browser = scheme
    }

    /// The style file was read again: draw the next frame in it.
    package func styleDidChange() {
        queue.async { [self] in
            guard !isClosed else { return }
            updateStyle()
            sendFrameIfPossible()
        }
    }
}
