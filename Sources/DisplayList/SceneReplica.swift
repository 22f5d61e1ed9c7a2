import MapGeometry

/// A browser's copy of the scene, rebuilt from frame ops alone, as the
/// painter keeps it: tests and the load tool use it to check what a browser
/// would show and where, without a browser (Phoenix LiveView's test client idea).
package struct SceneReplica: Sendable {
    package struct Item: Sendable, Equatable {
        package var kind: ItemKind
        package var parent: UInt32
        package var properties: ItemProperties
    }

    package private(set) var items: [UInt32: Item] = [:]
    package private(set) var children: [UInt32: [UInt32]] = [:]
    package private(set) var camera = SceneCamera(centerX: 0, centerY: 0, zoom: 1)
    package private(set) var background: Color = .clear
    package private(set) var accessibility: [AccessibilityElement] = []
    package private(set) var images: Set<UInt32> = []
    package private(set) var paths: Set<UInt32> = []
    package private(set) var fonts: Set<UInt16> = []
    package private(set) var url: String?
    package private(set) var focus: UInt32?
    package private(set) var cursor: Cursor = .default
    /// The origins the page may talk to when embedded, and every event for it so far.
    package private(set) var embedOrigins: [String] = []
    package private(set) var embedEvents: [EmbedEvent] = []
    /// Every URL the page was asked to open in a new tab so far.
    package private(set) var openedURLs: [String] = []
    /// The viewport the screen positions are computed for, CSS px.
    package var viewport: Size
    /// The time, in seconds, that frames arrive and positions are read at:
    /// anchors glide (`GLIDE`) from it as the painter's do from its paint.
    package var now = 0.0
    /// Items on their way to a new anchor: where from, since when, for how long.
    private var glides: [UInt32: Glide] = [:]

    private struct Glide: Sendable, Equatable {
        var fromX: Double, fromY: Double, start: Double, seconds: Double
    }

    package init(viewport: Size) {
        self.viewport = viewport
    }

    /// Applies a frame's ops in order, as the painter does.
    package mutating func apply(_ ops: [FrameOp]) {
        for op in ops { apply(op) }
    }

    package mutating func apply(_ op: FrameOp) {
        switch op {
        case let .defineImage(r): images.insert(r.id)
        case let .definePath(r): paths.insert(r.id)
        case let .defineFont(f): fonts.insert(f.id)
        case let .camera(c): camera = c
        case let .background(c): background = c
        case let .insert(item, parent, index, kind, props):
            var p = ItemProperties()
            for change in props { p.apply(change) }
            items[item] = Item(kind: kind, parent: parent, properties: p)
            var list = children[parent] ?? []
            list.insert(item, at: min(Int(index), list.count))
            children[parent] = list
        case let .remove(item):
            removeSubtree(item)
        case let .move(item, parent, index):
            guard var moved = items[item] else { return }
            children[moved.parent]?.removeAll { $0 == item }
            moved.parent = parent
            items[item] = moved
            var list = children[parent] ?? []
            list.insert(item, at: min(Int(index), list.count))
            children[parent] = list
        case let .patch(item, props):
            guard let old = items[item] else { return }
            let drawn = displayedAnchor(of: item)
            for change in props { items[item]?.properties.apply(change) }
            guard let new = items[item]?.properties, new.anchor != old.properties.anchor else { return }
            if let drawn, new.anchor != nil, new.glideMilliseconds > 0 {
                glides[item] = Glide(
                    fromX: drawn.x, fromY: drawn.y, start: now,
                    seconds: Double(new.glideMilliseconds) / 1000)
            } else {
                glides[item] = nil
            }
        case let .transform(item, x, y):
            items[item]?.properties.frame.x = x
            items[item]?.properties.frame.y = y
        case let .accessibility(list): accessibility = list
        case let .accessibilityNames(names):
            for renamed in names {
                if let i = accessibility.firstIndex(where: { $0.item == renamed.item }) {
                    accessibility[i].name = renamed.name
                }
            }
        case let .focus(item): focus = item
        case let .url(_, hash): url = hash
        case let .cursor(c): cursor = c
        case let .embedOrigins(origins): embedOrigins = origins
        case let .openURL(url): openedURLs.append(url)
        case let .embedEvent(event): embedEvents.append(event)
        }
    }

    private mutating func removeSubtree(_ item: UInt32) {
        for child in children[item] ?? [] { removeSubtree(child) }
        children[item] = nil
        if let parent = items[item]?.parent { children[parent]?.removeAll { $0 == item } }
        items[item] = nil
        glides[item] = nil
    }

    /// The items in paint order (pre-order), as `Scene.items` lists them.
    package func preorder(from parent: UInt32 = 0) -> [SceneItem] {
        (children[parent] ?? []).flatMap { id -> [SceneItem] in
            guard let item = items[id] else { return [] }
            let here = SceneItem(id: id, parent: parent, kind: item.kind, properties: item.properties)
            return [here] + preorder(from: id)
        }
    }

    /// Where item `id` is anchored as drawn at `now`: its anchor, or a point
    /// of its glide there, the short way round the world, as the painter draws it.
    package func displayedAnchor(of id: UInt32) -> Point? {
        guard let anchor = items[id]?.properties.anchor else { return nil }
        let to = Point(x: Double(anchor.x), y: Double(anchor.y))
        guard let g = glides[id], g.seconds > 0 else { return to }
        let f = (now - g.start) / g.seconds
        guard f < 1 else { return to }
        let dx = WorldWrap.delta(from: g.fromX, to: to.x)
        return Point(x: g.fromX + dx * max(f, 0), y: g.fromY + (to.y - g.fromY) * max(f, 0))
    }

    /// The screen point of a world anchor with the current camera, in the
    /// copy of the world nearest the camera's centre (`nearest`, as anchored
    /// items show), else where the world as stored has it (the first copy of
    /// a `repeatsWorld` subtree).
    package func screenPoint(of anchor: WorldAnchor, nearest: Bool = true) -> Point {
        screenPoint(of: Point(x: Double(anchor.x), y: Double(anchor.y)), nearest: nearest)
    }

    /// The screen point of a world point, as `screenPoint(of:nearest:)` for an anchor.
    package func screenPoint(of world: Point, nearest: Bool = true) -> Point {
        let k = Mercator.pixelsPerUnit(zoom: camera.zoom)
        let x = nearest ? WorldWrap.nearest(world.x, to: camera.centerX) : world.x
        return Point(
            x: (x - camera.centerX) * k + viewport.width / 2,
            y: (world.y - camera.centerY) * k + viewport.height / 2)
    }

    /// An item's rectangle on screen, CSS px: frame, anchor, parents, scroll
    /// and scale applied, as the painter places mirror elements.
    package func screenBounds(of id: UInt32) -> Rect? {
        guard let item = items[id] else { return nil }
        // The item's own SCALE about its origin first (a callout mid-bounce or mid-stretch).
        let own = item.properties.scale
        let k = Double(own.scale)
        let frame = item.properties.frame
        var topLeft = Point(
            x: Double(frame.x) + Double(own.originX) * (1 - k),
            y: Double(frame.y) + Double(own.originY) * (1 - k))
        var bottomRight = topLeft + Point(x: Double(frame.width) * k, y: Double(frame.height) * k)
        var repeated = false
        var ancestor: Item? = item
        while let a = ancestor, !repeated {
            repeated = a.properties.repeatsWorld
            ancestor = a.parent == 0 ? nil : items[a.parent]
        }
        var (current, currentID) = (item, id)
        while true {
            if let a = displayedAnchor(of: currentID) {
                let s = screenPoint(of: a, nearest: !repeated)
                topLeft = topLeft + s
                bottomRight = bottomRight + s
            }
            guard current.parent != 0, let parent = items[current.parent] else { break }
            // Into the parent's coordinates: its scroll, its scale about its origin, then its frame.
            let scroll = Point(x: Double(parent.properties.scroll.x), y: Double(parent.properties.scroll.y))
            let sc = parent.properties.scale
            let origin = Point(x: Double(sc.originX), y: Double(sc.originY))
            func up(_ p: Point) -> Point {
                let q = p - scroll
                let scaled = origin + (q - origin) * Double(sc.scale)
                return scaled + Point(x: Double(parent.properties.frame.x), y: Double(parent.properties.frame.y))
            }
            topLeft = up(topLeft)
            bottomRight = up(bottomRight)
            (current, currentID) = (parent, current.parent)
        }
        return Rect(x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y)
    }

    /// The accessibility element named `name`, if the mirror has one.
    package func element(named name: String) -> AccessibilityElement? {
        accessibility.first { $0.name == name }
    }
}

extension ItemProperties {
    /// Applies one property change, as the painter does.
    package mutating func apply(_ change: ItemProperty) {
        switch change {
        case let .frame(v): frame = v
        case let .anchor(v): anchor = v
        case .clearAnchor: anchor = nil
        case let .scale(v): scale = v
        case let .alpha(v): alpha = v
        case let .fill(v): fill = v
        case let .stroke(v): stroke = v
        case let .radius(v): radius = v
        case let .text(v): text = v
        case let .font(v): font = v
        case let .image(v): image = v
        case let .path(v): path = v
        case let .clip(v): clip = v
        case let .bubble(v): bubble = v
        case let .shadow(v): shadow = v
        case let .hidden(v): hidden = v
        case let .scroll(v): scroll = v
        case let .baseline(v): baseline = v
        case let .evenOdd(v): evenOdd = v
        case let .repeatsWorld(v): repeatsWorld = v
        case let .glide(milliseconds): glideMilliseconds = milliseconds
        case let .line(v): line = v == .plain ? nil : v
        case let .worldClip(v): worldClip = v
        case let .glyphs(v): glyphs = v
        }
    }
}
