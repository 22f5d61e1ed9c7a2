/// One item of a scene: its identity, place in the tree and what it draws.
public struct SceneItem: Hashable, Sendable {
    public var id: UInt32
    /// 0 for the root.
    public var parent: UInt32
    public var kind: ItemKind
    public var properties: ItemProperties

    public init(id: UInt32, parent: UInt32, kind: ItemKind, properties: ItemProperties) {
        self.id = id
        self.parent = parent
        self.kind = kind
        self.properties = properties
    }
}

/// An element of the accessibility mirror, placed over its item's bounds.
public struct AccessibilityElement: Hashable, Sendable {
    public enum Role: UInt8, Sendable { case button = 1, heading, link, list, listItem, text, dialog }
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let selected = Flags(rawValue: 1)
        public static let disabled = Flags(rawValue: 2)
        public static let expanded = Flags(rawValue: 4)
    }
    public var item: UInt32
    public var role: Role
    public var flags: Flags
    public var name: String

    public init(item: UInt32, role: Role, flags: Flags = [], name: String) {
        self.item = item
        self.role = role
        self.flags = flags
        self.name = name
    }
}

/// The mouse cursor over the canvas.
public enum Cursor: UInt8, Sendable { case `default` = 0, pointer, grab, grabbing, text }

/// The camera as the painter needs it.
public struct SceneCamera: Hashable, Sendable {
    public var centerX: Double, centerY: Double, zoom: Double
    public init(centerX: Double, centerY: Double, zoom: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.zoom = zoom
    }
}

/// Everything a browser should show at one moment, as a pure value: the diff
/// of two scenes is what goes on the wire.
public struct Scene: Sendable {
    public var camera = SceneCamera(centerX: 0, centerY: 0, zoom: 1)
    public var background: Color = .white
    /// The item tree in pre-order: a parent comes before its children, and
    /// siblings come in paint order.
    public var items: [SceneItem] = []
    public var accessibility: [AccessibilityElement] = []
    public var cursor: Cursor = .default
    /// Resources the items use; the differ defines the ones the browser lacks.
    public var images: [ImageResource] = []
    public var paths: [PathResource] = []
    public var fonts: [FontDescriptor] = []
    /// Which render of its window this scene is (counting from 1); 0 for a
    /// scene built by hand, which never carries hints.
    public var generation: UInt64 = 0
    /// Index ranges of `items` that the views rendering them vouch are equal,
    /// item for item, to those of the render just before (`generation - 1`):
    /// a differ that diffed exactly that render may skip comparing them.
    public var unchangedItems: [Range<Int>] = []

    public init() {}

    /// Appends an item under `parent`, after its existing children.
    public mutating func append(_ id: UInt32, parent: UInt32, kind: ItemKind, _ properties: ItemProperties) {
        items.append(SceneItem(id: id, parent: parent, kind: kind, properties: properties))
    }
}
