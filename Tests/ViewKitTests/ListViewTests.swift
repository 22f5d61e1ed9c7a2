import InputEvents
import MapGeometry
import Testing

@testable import ViewKit

/// A data source of `count` numbered rows.
final class NumberedRows: ListViewDataSource, ListViewDelegate {
    let count: Int
    var selected: [Int] = []
    init(count: Int) { self.count = count }
    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, rowFor row: Int) -> ListRowView {
        let view = listView.dequeueReusableRow(withIdentifier: "n")
        view.accessibilityLabel = "Row \(row)"
        return view
    }
    func listView(_ listView: ListView, didSelectRow row: Int) { selected.append(row) }
}

@Suite struct ListViewTests {
    func list(count: Int) -> (Window, ListView, NumberedRows, ManualClock) {
        let clock = ManualClock()
        let window = Window(size: Size(width: 400, height: 400), clock: clock)
        let list = ListView(frame: Rect(x: 50, y: 50, width: 200, height: 150))
        list.rowHeight = 30
        window.addSubview(list)
        let rows = NumberedRows(count: count)
        list.delegate = rows
        list.dataSource = rows
        return (window, list, rows, clock)
    }

    @Test func thousandRowsKeepOnlyVisiblePlusAFewViews() {
        let (_, list, rows, _) = list(count: 1000)
        defer { withExtendedLifetime(rows) {} }
        // 150 pt shows 5 rows (6 while one is cut at each edge).
        #expect(list.visibleRows.count == 5)
        var most = 0
        var y = 0.0
        while y < list.maxOffset.y {
            y += 7
            list.contentOffset = Point(x: 0, y: min(y, list.maxOffset.y))
            most = max(most, list.counts.live + list.counts.queued)
            // Each visible row shows its own index, in order.
            for (r, view) in list.visibleRows {
                #expect(view.accessibilityLabel == "Row \(r)")
                #expect(view.frame.minY == Double(r) * 30)
            }
        }
        #expect(list.visibleRows.keys.max() == 999)
        #expect(most <= 6 + list.maxQueuedRows)
        #expect(list.counts.created <= 6 + list.maxQueuedRows)
        #expect(list.counts.reused > 900)
    }

    @Test func dragScrollsAndTapSelectsARow() {
        let (window, list, rows, _) = list(count: 50)
        var t = 1.0
        func send(_ phase: PointerEvent.Phase, _ y: Double) {
            t += 0.05
            window.dispatch(PointerEvent(phase: phase, location: Point(x: 100, y: y), time: t))
        }
        send(.down, 180)
        send(.moved, 150)
        send(.moved, 120)
        // The content follows the finger from where it went down.
        #expect(list.contentOffset.y == 60)
        #expect(list.visibleRows.values.allSatisfy { !$0.isHighlighted })
        send(.up, 120)
        #expect(rows.selected.isEmpty)

        let before = list.contentOffset.y
        send(.down, 65)
        let pressed = list.row(at: Point(x: 10, y: 15 + before))
        #expect(list.visibleRows[pressed ?? -1]?.isHighlighted == true)
        send(.up, 65)
        #expect(rows.selected == [pressed ?? -1])
        #expect(list.visibleRows[pressed ?? -1]?.isSelected == true)
        #expect(list.visibleRows[pressed ?? -1]?.isHighlighted == false)
    }

    @Test func rowsAreListItemsAndActivateSelects() {
        let (window, list, rows, _) = list(count: 3)
        let scene = window.renderScene()
        #expect(scene.accessibility.filter { $0.role == .listItem }.map(\.name) == ["Row 0", "Row 1", "Row 2"])
        #expect(list.visibleRows[1]?.activate() == true)
        #expect(rows.selected == [1])
    }

    @Test func arrowKeysWalkTheRowsAndScrollThemIntoView() {
        let (window, list, rows, _) = list(count: 40)
        defer { withExtendedLifetime(rows) {} }
        window.focus(list.visibleRows[0])
        for _ in 0..<12 { window.dispatch(KeyEvent(key: "ArrowDown")) }
        #expect(window.focusedView === list.visibleRows[12])
        // Row 12 (360...390) is at the bottom of the 150 pt list.
        #expect(list.contentOffset.y == 390 - 150)
        window.dispatch(KeyEvent(key: "ArrowUp"))
        #expect(window.focusedView === list.visibleRows[11])
        // Past the top the key stops at the list: nothing behind it moves.
        let behind = KeyCatcher()
        window.defaultKeyResponder = behind
        window.focus(list.visibleRows[list.visibleRows.keys.min()!])
        for _ in 0..<20 { window.dispatch(KeyEvent(key: "ArrowUp")) }
        #expect(list.contentOffset.y == 0)
        #expect(window.focusedView === list.visibleRows[0])
        #expect(behind.keys == 0)
    }
}

/// Counts the keys that reach it.
final class KeyCatcher: View {
    var keys = 0
    override func key(_ event: KeyEvent) -> Bool {
        keys += 1
        return true
    }
}
