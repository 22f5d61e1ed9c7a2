/// One item of a scene: its identity, place in the tree and what it draws.
public struct SceneItem: Hashable, Sendable {
    /// The item's id (`View.id` or one from `ItemID.next()`): stable while the item lives.
    public var id: UInt32
    /// 0 for the root.
    public var parent: UInt32
    /// What the item draws.
    public var kind: ItemKind
    /// How it draws it.
    public var properties: ItemProperties

    /// An item `id` under `parent`.
    public init(id: UInt32, parent: UInt32, kind: ItemKind, properties: ItemProperties) {
        self.id = id
        self.parent = parent
        self.kind = kind
        self.properties = properties
    }
}

/// An element of the accessibility mirror, placed over its item's bounds.
///
/// Views make these from `accessibilityRole`, `accessibilityLabel` and
/// `accessibilityFlags`; the page turns each into a real HTML element that
/// screen readers, Tab and browser find-in-page reach.
public struct AccessibilityElement: Hashable, Sendable {
    /// What the element is to a screen reader (its ARIA role).
    public enum Role: UInt8, Sendable {
        /// Something that acts when pressed (a pin, a control).
        case button = 1
        /// A title that starts a section (a callout's or card's name).
        case heading
        /// Something that navigates.
        case link
        /// A list of items (`ListView`).
        case list
        /// One item of a list (`ListRowView`).
        case listItem
        /// Plain text that should be read.
        case text
        /// A modal or callout-like panel that groups what is in it.
        case dialog
    }
    /// States a screen reader announces with the element.
    public struct Flags: OptionSet, Hashable, Sendable {
        /// The flag bits, as on the wire.
        public let rawValue: UInt8
        /// Flags from their wire bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Selected or pressed: a button reads as pressed (`aria-pressed`), anything else as selected.
        public static let selected = Flags(rawValue: 1)
        /// Shown but not usable now (`aria-disabled`).
        public static let disabled = Flags(rawValue: 2)
        /// Expanded: what it opens is shown (`aria-expanded`).
        public static let expanded = Flags(rawValue: 4)
    }
    /// The item the element covers.
    public var item: UInt32
    /// What it is.
    public var role: Role
    /// The states it is in.
    public var flags: Flags
    /// What a screen reader says for it.
    public var name: String

    /// An element over `item`, read as `name`.
    public init(item: UInt32, role: Role, flags: Flags = [], name: String) {
        self.item = item
        self.role = role
        self.flags = flags
        self.name = name
    }
}

/// The mouse cursor over the canvas.
public enum Cursor: UInt8, Sendable {
    /// The browser's arrow.
    case `default` = 0
    /// The hand over something that acts when clicked.
    case pointer
    /// The open hand over something that can be dragged (the map).
    case grab
    /// The closed hand while dragging.
    case grabbing
    /// The I-beam over text.
    case text
}

/// The camera as the painter needs it.
package struct SceneCamera: Hashable, Sendable {
    package var centerX: Double, centerY: Double, zoom: Double
    package init(centerX: Double, centerY: Double, zoom: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.zoom = zoom
    }
}

/// Everything a browser should show at one moment, as a pure value: the diff
/// of two scenes is what goes on the wire.
///
/// A window renders its view tree into one each frame; a custom view adds
/// items of its own to it in `View.willRenderContent(into:)`.
public struct Scene: Sendable {
    package var camera = SceneCamera(centerX: 0, centerY: 0, zoom: 1)
    package var background: Color = .white
    /// The item tree in pre-order: a parent comes before its children, and
    /// siblings come in paint order.
    public var items: [SceneItem] = []
    /// The accessibility mirror's elements, in paint order.
    public var accessibility: [AccessibilityElement] = []
    package var cursor: Cursor = .default
    /// Resources the items use; the differ defines the ones the browser lacks.
    package var images: [ImageResource] = []
    package var paths: [PathResource] = []
    package var fonts: [FontDescriptor] = []
    /// Which render of its window this scene is (counting from 1); 0 for a
    /// scene built by hand, which never carries hints.
    package var generation: UInt64 = 0
    /// Index ranges of `items` that the views rendering them vouch are equal,
    /// item for item, to those of the render just before (`generation - 1`):
    /// a differ that diffed exactly that render may skip comparing them. Each
    /// range is whole subtrees of one parent, each shaped as its root's was
    /// (the same items under the same parents, in the same order), so a
    /// differ may also take their child lists as they were.
    package var unchangedItems: [Range<Int>] = []

    package init() {}

    /// Appends an item under `parent`, after its existing children.
    public mutating func append(_ id: UInt32, parent: UInt32, kind: ItemKind, _ properties: ItemProperties) {
        items.append(SceneItem(id: id, parent: parent, kind: kind, properties: properties))
    }
}
