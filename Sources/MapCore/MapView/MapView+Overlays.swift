import DisplayList
import MapGeometry
import ViewKit

/// Overlays, as `MKMapView` has them: lines and areas drawn under the
/// annotation views, each by the renderer the delegate gives for it.
extension MapView {
    /// Every overlay on the map, the lowest first: those above roads, then those above labels.
    public var overlays: [Overlay] { OverlayLevel.allCases.flatMap { overlays(in: $0) } }

    /// The overlays of one level, the lowest first.
    public func overlays(in level: OverlayLevel) -> [Overlay] { layer(level).entries.map(\.overlay) }

    /// Adds `overlay` on top of its level (above labels unless told), as `addOverlay(_:level:)`.
    /// An overlay already on the map moves there.
    public func addOverlay(_ overlay: Overlay, level: OverlayLevel = .aboveLabels) {
        insertOverlay(overlay, at: layer(level).entries.count, level: level)
    }

    /// Adds `overlays` on top of their level, in order.
    public func addOverlays(_ overlays: [Overlay], level: OverlayLevel = .aboveLabels) {
        for overlay in overlays { addOverlay(overlay, level: level) }
    }

    /// Puts `overlay` at `index` of its level's order (0 is the lowest; past the end puts it on top).
    public func insertOverlay(_ overlay: Overlay, at index: Int, level: OverlayLevel = .aboveLabels) {
        let renderer = detach(overlay) ?? makeRenderer(for: overlay)
        let entry = OverlayLayerView.Entry(overlay: overlay, renderer: renderer, itemID: ItemID.next())
        layer(level).entries.insert(entry, at: min(max(0, index), layer(level).entries.count))
        overlayLevels[ObjectIdentifier(overlay)] = level
        overlayRenderingDidChange()
    }

    /// Puts `overlay` just above `sibling`, in `sibling`'s level; on top of
    /// the upper level when `sibling` is not on the map.
    public func insertOverlay(_ overlay: Overlay, above sibling: Overlay) {
        guard let (level, index) = place(of: sibling) else { return addOverlay(overlay) }
        insertNextTo(sibling, overlay, in: level, fallback: index + 1, offset: 1)
    }

    /// Puts `overlay` just below `sibling`, in `sibling`'s level; on top of
    /// the upper level when `sibling` is not on the map.
    public func insertOverlay(_ overlay: Overlay, below sibling: Overlay) {
        guard let (level, index) = place(of: sibling) else { return addOverlay(overlay) }
        insertNextTo(sibling, overlay, in: level, fallback: index, offset: 0)
    }

    /// Swaps the places of two overlays on the map, levels included.
    public func exchangeOverlay(_ a: Overlay, with b: Overlay) {
        guard let (levelA, indexA) = place(of: a), let (levelB, indexB) = place(of: b), a !== b else { return }
        let entryA = layer(levelA).entries[indexA]
        layer(levelA).entries[indexA] = layer(levelB).entries[indexB]
        layer(levelB).entries[indexB] = entryA
        (overlayLevels[ObjectIdentifier(a)], overlayLevels[ObjectIdentifier(b)]) = (levelB, levelA)
        overlayRenderingDidChange()
    }

    /// Takes `overlay` off the map.
    public func removeOverlay(_ overlay: Overlay) {
        if detach(overlay) != nil { overlayRenderingDidChange() }
    }

    /// Takes `overlays` off the map.
    public func removeOverlays(_ overlays: [Overlay]) {
        for overlay in overlays { removeOverlay(overlay) }
    }

    /// The renderer drawing `overlay` on this map, while it is on it.
    public func renderer(for overlay: Overlay) -> OverlayRenderer? {
        place(of: overlay).map { layer($0.level).entries[$0.index].renderer }
    }

    /// Lines and areas every map draws, kept once for all of them (the
    /// shared world's), under the map's own overlays above roads; nil: the
    /// map draws only its own.
    package var sharedOverlays: SharedOverlaySource? {
        get { overlaysAboveRoads.shared }
        set {
            overlaysAboveRoads.shared = newValue
            overlayRenderingDidChange()
        }
    }

    /// A renderer changed, or the overlays did: the next frame draws them
    /// all again rather than patching the annotation views alone.
    func overlayRenderingDidChange() {
        overlaysChangedSinceRender = true
        overlaysAboveRoads.renderersChanged = true
        overlaysAboveLabels.renderersChanged = true
    }

    /// The topmost overlay a tap at `location` touches (inside an area,
    /// within a few points of a line), upper level first.
    public func overlay(at location: Point) -> Overlay? {
        for level in OverlayLevel.allCases.reversed() {
            if let hit = layer(level).overlays(at: location, slop: Self.overlayTapSlop, map: self).first {
                return hit
            }
        }
        return nil
    }

    /// How far from a line a tap still selects it, points beyond half its width.
    static let overlayTapSlop = 6.0

    /// Tells the delegate of a tap on an overlay; false when none is there.
    func tapOverlay(at location: Point) -> Bool {
        guard let overlay = overlay(at: location) else { return false }
        delegate?.mapView(self, didSelect: overlay, at: convert(location))
        openCallout(of: overlay, at: location)
        return true
    }

    func layer(_ level: OverlayLevel) -> OverlayLayerView {
        level == .aboveRoads ? overlaysAboveRoads : overlaysAboveLabels
    }

    private func place(of overlay: Overlay) -> (level: OverlayLevel, index: Int)? {
        guard let level = overlayLevels[ObjectIdentifier(overlay)],
            let index = layer(level).entries.firstIndex(where: { $0.overlay === overlay })
        else { return nil }
        return (level, index)
    }

    private func insertNextTo(
        _ sibling: Overlay, _ overlay: Overlay, in level: OverlayLevel, fallback: Int, offset: Int
    ) {
        guard sibling !== overlay else { return }
        let renderer = detach(overlay) ?? makeRenderer(for: overlay)
        let index = layer(level).entries.firstIndex { $0.overlay === sibling }.map { $0 + offset } ?? fallback
        let entry = OverlayLayerView.Entry(
            overlay: overlay, renderer: renderer, itemID: ItemID.next())
        layer(level).entries.insert(entry, at: min(index, layer(level).entries.count))
        overlayLevels[ObjectIdentifier(overlay)] = level
        overlayRenderingDidChange()
    }

    /// Takes `overlay` out of its level, keeping its renderer for wherever it goes next.
    private func detach(_ overlay: Overlay) -> OverlayRenderer? {
        guard let (level, index) = place(of: overlay) else { return nil }
        overlayLevels[ObjectIdentifier(overlay)] = nil
        return layer(level).entries.remove(at: index).renderer
    }

    private func makeRenderer(for overlay: Overlay) -> OverlayRenderer {
        let renderer = delegate?.mapView(self, rendererFor: overlay) ?? Self.standardRenderer(for: overlay)
        renderer.map = self
        return renderer
    }

    /// The blue of a web map's lines and areas: what an overlay the delegate gives no renderer for is drawn in.
    public static let standardOverlayColor = Color(hex: 0x1A73E8)

    /// A 3-point line in `standardOverlayColor`, and areas filled with it at
    /// a fifth of its strength: MapKit draws nothing without a renderer, but a
    /// web map (Leaflet, MapLibre) draws a shape in a default style.
    static func standardRenderer(for overlay: Overlay) -> OverlayRenderer {
        let renderer = OverlayPathRenderer(overlay: overlay)
        renderer.strokeColor = standardOverlayColor
        renderer.lineWidth = 3
        if (overlay as? OverlayShape)?.isArea == true { renderer.fillColor = standardOverlayColor.withAlpha(0.2) }
        return renderer
    }
}
