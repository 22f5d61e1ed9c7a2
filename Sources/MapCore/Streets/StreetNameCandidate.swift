import DisplayList
import MapGeometry
import Synchronization

/// One place a tile's name could be drawn at a zoom, with the item it
/// draws: made once for every map that draws the tile at that zoom
/// (`StreetTile.names(zoom:font:make:)`), and walked as an object, so a
/// frame's pass over hundreds of them copies none of their fields.
final class StreetNameCandidate: Sendable {
    let priority: Int
    let itemID: UInt32
    let text: String
    let placement: LineLabelLayout.Placement
    /// Whether it names a point (level, centred) rather than runs along a line.
    let isPoint: Bool
    /// The archive of its tile (`StreetTile.archive`).
    let archive: Int
    /// The item it draws, anchored to the world.
    let properties: ItemProperties

    init(
        _ label: StreetLabel, itemID: UInt32, look: StreetLabelLook, placement: LineLabelLayout.Placement,
        archive: Int, font: UInt16
    ) {
        priority = label.priority
        self.itemID = itemID
        text = label.text
        self.placement = placement
        isPoint = label.isPoint
        self.archive = archive
        var p = ItemProperties()
        p.anchor = WorldAnchor(placement.anchor)
        p.text = label.text
        p.font = ItemFont(font: font, size: Float(look.size))
        p.fill = look.color
        if look.haloWidth > 0, look.halo.alpha > 0 {
            p.stroke = ItemStroke(color: look.halo, width: Float(look.haloWidth))
        }
        // A point's name is level and centred: the painter needs no place for each cluster.
        if !label.isPoint { p.glyphs = placement.glyphs }
        properties = p
    }

    /// Its item's properties, hidden when a pin over it leaves it out.
    func properties(hidden: Bool) -> ItemProperties {
        guard hidden else { return properties }
        var p = properties
        p.hidden = true
        return p
    }
}

/// A tile's names laid out at the last few zooms maps drew it at: a
/// hundred sessions over one city lay each tile's names out once a zoom,
/// not once each.
final class StreetNameLayouts: Sendable {
    private let layouts = Mutex<[(zoom: Double, font: UInt16, names: [StreetNameCandidate])]>([])

    /// Zooms kept: a pinch passes through many, a map rests at one.
    static let kept = 4

    /// The names at `zoom` in `font`, made by `make` when no map made them before.
    func names(zoom: Double, font: UInt16, make: () -> [StreetNameCandidate]) -> [StreetNameCandidate] {
        if let found = layouts.withLock({ $0.first { $0.zoom == zoom && $0.font == font }?.names }) {
            return found
        }
        let made = make()
        return layouts.withLock { layouts in
            // Another map may have made them meanwhile: the first stored wins, so every map draws the same.
            if let found = layouts.first(where: { $0.zoom == zoom && $0.font == font }) { return found.names }
            layouts.append((zoom, font, made))
            if layouts.count > Self.kept { layouts.removeFirst() }
            return made
        }
    }
}
