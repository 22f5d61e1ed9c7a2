import DisplayList
import InputEvents
import MapGeometry

/// Supplies a list's rows, as `UITableViewDataSource`.
public protocol ListViewDataSource: AnyObject {
    /// How many rows the list has; asked again on `reloadData()`.
    func numberOfRows(in listView: ListView) -> Int
    /// A configured row for `row`: get one from `dequeueReusableRow(withIdentifier:)`.
    func listView(_ listView: ListView, rowFor row: Int) -> ListRowView
}

/// Told about taps on rows, as `UITableViewDelegate`.
public protocol ListViewDelegate: AnyObject {
    /// `row` was tapped or activated (Enter, a screen reader) and is now selected.
    func listView(_ listView: ListView, didSelectRow row: Int)
}

extension ListViewDelegate {
    /// Does nothing: a delegate may leave selection alone.
    public func listView(_ listView: ListView, didSelectRow row: Int) {}
}

/// One row of a `ListView`: a reusable view, highlighted while pressed and
/// marked while selected. Mirrored as a list item named by `accessibilityLabel`.
open class ListRowView: View {
    /// The kind of row, as registered with `ListView.register(_:make:)`: rows are reused within a kind.
    public let reuseIdentifier: String
    /// The row it shows now; -1 while queued for reuse.
    public internal(set) var row = -1
    /// The background while pressed.
    public var highlightColor = Color(hex: 0xD1D1D6)
    /// The background while selected.
    public var selectedColor = Color(hex: 0xE5E5EA)
    /// The background otherwise.
    public var normalColor: Color = .clear { didSet { restyle() } }
    /// True while a press on the row is down and has not become a scroll.
    public internal(set) var isHighlighted = false { didSet { restyle() } }
    /// True for the list's selected row.
    public internal(set) var isSelected = false { didSet { restyle() } }
    /// Called on activation (Enter on the focused row, or a click in the mirror).
    var onActivate: ((ListRowView) -> Void)?

    /// A row of kind `reuseIdentifier`; the list sets its frame, then calls `layoutContent()`.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init()
        accessibilityRole = .listItem
    }

    /// Reset per-row state before the row is handed out again.
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    /// Lays out the row's content for its current frame.
    open func layoutContent() {}

    private func restyle() {
        backgroundColor = isHighlighted ? highlightColor : (isSelected ? selectedColor : normalColor)
        accessibilityFlags = isSelected ? [.selected] : []
    }

    /// Enter or a screen reader selects the row, as a tap does.
    open override func activate() -> Bool {
        onActivate?(self)
        return onActivate != nil
    }

    /// The list this row is in.
    var listView: ListView? { superview as? ListView }

    /// A row reached by Tab scrolls into view.
    open override func didGainFocus() {
        guard row >= 0, let list = listView else { return }
        list.scrollRectToVisible(list.rect(forRow: row), animated: false)
    }

    /// Up and Down move focus to the neighbouring rows, scrolling the list,
    /// so keyboard users reach rows that are not on screen yet.
    open override func key(_ event: KeyEvent) -> Bool {
        guard let list = listView, row >= 0 else { return false }
        switch event.key {
        case "ArrowDown": return list.focusRow(row + 1)
        case "ArrowUp": return list.focusRow(row - 1)
        default: return false
        }
    }
}

/// A vertical list of fixed-height rows that creates views only for the rows
/// on screen and recycles the ones that scroll away, as `UITableView`: a
/// list of 1,000 items holds the visible rows plus at most `maxQueuedRows`.
open class ListView: ScrollView {
    /// How many views the list made, took back out of the queue, and holds now.
    package struct Counts: Equatable, Sendable {
        package var created = 0
        package var reused = 0
        package var live = 0
        package var queued = 0
    }

    /// Supplies the rows; setting it reloads the list. Held weakly, as in UIKit.
    public weak var dataSource: ListViewDataSource? { didSet { reloadData() } }
    /// Told about selection. Held weakly, as in UIKit.
    public weak var delegate: ListViewDelegate?
    /// The height of every row, CSS px; setting it reloads the list.
    public var rowHeight: Double = 30 { didSet { reloadData() } }
    /// Recycled rows kept beyond the visible ones; more are let go.
    public var maxQueuedRows = 4
    package private(set) var counts = Counts()
    /// The selected row, if any.
    public private(set) var selectedRow: Int?

    private var factories: [String: () -> ListRowView] = [:]
    private var queue: [String: [ListRowView]] = [:]
    private var visible: [Int: ListRowView] = [:]
    private var rowCount = 0
    private var laidOutWidth = -1.0
    private var laidOutHeight = -1.0

    /// An empty list at `frame`, mirrored as a list for screen readers; give it a data source.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityRole = .list
    }

    /// How to make a new row for `identifier` when none is queued.
    public func register(_ identifier: String, make: @escaping () -> ListRowView) {
        factories[identifier] = make
    }

    /// A queued row for `identifier`, or a new one.
    public func dequeueReusableRow(withIdentifier identifier: String) -> ListRowView {
        if let row = queue[identifier]?.popLast() {
            counts.reused += 1
            counts.queued -= 1
            row.prepareForReuse()
            return row
        }
        counts.created += 1
        return factories[identifier]?() ?? ListRowView(reuseIdentifier: identifier)
    }

    /// The row views on screen now, by row.
    public var visibleRows: [Int: ListRowView] { visible }

    /// Forgets every row and asks the data source again.
    public func reloadData() {
        for (_, view) in visible { enqueue(view) }
        visible = [:]
        rowCount = dataSource?.numberOfRows(in: self) ?? 0
        if let selectedRow, selectedRow >= rowCount { self.selectedRow = nil }
        contentSize = Size(width: frame.width, height: Double(rowCount) * rowHeight)
        layoutRows()
    }

    /// The row count the data source gave at the last reload.
    public var numberOfRows: Int { rowCount }

    /// The content rect of `row`.
    public func rect(forRow row: Int) -> Rect {
        Rect(x: 0, y: Double(row) * rowHeight, width: frame.width, height: rowHeight)
    }

    /// The row at a content point, if any.
    public func row(at contentPoint: Point) -> Int? {
        guard rowHeight > 0, contentPoint.y >= 0 else { return nil }
        let r = Int(contentPoint.y / rowHeight)
        return r < rowCount ? r : nil
    }

    /// Selects `row` (nil clears), scrolls it into view and tells the delegate.
    public func selectRow(_ row: Int?, notify: Bool = true) {
        selectedRow = row
        for (r, view) in visible { view.isSelected = r == row }
        guard let row else { return }
        scrollRectToVisible(rect(forRow: row), animated: true)
        if notify { delegate?.listView(self, didSelectRow: row) }
    }

    /// Scrolls `row` into view and gives it keyboard focus; false when there is no such row.
    @discardableResult
    public func focusRow(_ row: Int) -> Bool {
        guard row >= 0, row < rowCount, let window else { return false }
        scrollRectToVisible(rect(forRow: row), animated: false)
        guard let view = visible[row] else { return false }
        window.focus(view)
        return true
    }

    /// Up and Down at the ends stop here, so they never pan a map behind the list.
    open override func key(_ event: KeyEvent) -> Bool {
        event.key == "ArrowDown" || event.key == "ArrowUp"
    }

    // MARK: Layout

    /// Brings row views in and out as the content moves.
    open override func didScroll() { layoutRows() }

    /// Makes views for the rows that intersect the bounds and queues the rest.
    package func layoutRows() {
        guard rowHeight > 0, let dataSource else { return }
        if laidOutWidth != frame.width {
            laidOutWidth = frame.width
            contentSize.width = frame.width
        }
        laidOutHeight = frame.height
        let top = contentOffset.y, bottom = contentOffset.y + frame.height
        let first = max(0, Int((top / rowHeight).rounded(.down)))
        let last = min(rowCount - 1, Int((bottom / rowHeight).rounded(.up)) - 1)
        let wanted = first <= last ? first..<(last + 1) : 0..<0
        for (r, view) in visible where !wanted.contains(r) {
            visible[r] = nil
            enqueue(view)
        }
        for r in wanted where visible[r] == nil {
            let view = dataSource.listView(self, rowFor: r)
            view.row = r
            view.isSelected = r == selectedRow
            view.onActivate = { [weak self] v in self?.selectRow(v.row) }
            addSubview(view)
            visible[r] = view
        }
        for (r, view) in visible {
            let f = rect(forRow: r)
            if view.frame != f {
                view.frame = f
                view.layoutContent()
            }
        }
        counts.live = visible.count
        // Paint and keyboard order follow the rows.
        sortSubviews { a, b in ((a as? ListRowView)?.row ?? -1) < ((b as? ListRowView)?.row ?? -1) }
    }

    private func enqueue(_ view: ListRowView) {
        view.removeFromSuperview()
        view.row = -1
        view.isHighlighted = false
        var q = queue[view.reuseIdentifier, default: []]
        if q.count < maxQueuedRows {
            q.append(view)
            counts.queued += 1
        }
        queue[view.reuseIdentifier] = q
    }

    /// Lays the rows out again first if the size changed since: a list made
    /// shorter keeps its offset in range, and one made taller shows more rows.
    open override func renderSubviews(into context: inout RenderContext) {
        if laidOutWidth != frame.width || laidOutHeight != frame.height {
            if contentOffset.y > maxOffset.y, !isDragging, !isDecelerating { contentOffset.y = maxOffset.y }
            layoutRows()
        }
        super.renderSubviews(into: &context)
    }

    // MARK: Taps

    private var pressedRow: ListRowView?

    /// Highlights the row under the press.
    open override func touchBegan(at location: Point) {
        pressedRow = row(at: location).flatMap { visible[$0] }
        pressedRow?.isHighlighted = true
    }

    /// Unhighlights: the press became a scroll.
    open override func touchCancelled() {
        pressedRow?.isHighlighted = false
        pressedRow = nil
    }

    /// Selects the tapped row and tells the delegate.
    open override func tapped(at location: Point) {
        pressedRow?.isHighlighted = false
        pressedRow = nil
        if let r = row(at: location) { selectRow(r) }
    }
}
