import InputEvents
import MapGeometry
import Testing

@testable import ViewKit

/// A view that takes every press and Escape and counts them: a map under a dialog.
final class Recorder: View {
    var presses = 0, moves = 0, releases = 0, escapes = 0
    override func pointerDown(_ event: PointerEvent, at location: Point) -> Bool {
        presses += 1
        return true
    }
    override func pointerMoved(_ event: PointerEvent, at location: Point) { moves += 1 }
    override func pointerUp(_ event: PointerEvent, at location: Point) { releases += 1 }
    override func key(_ event: KeyEvent) -> Bool {
        guard event.key == "Escape" else { return false }
        escapes += 1
        return true
    }
}

/// Views that close as sheets and popovers do: Escape and a press outside
/// close the frontmost one a person can see, and go no further.
@Suite struct DismissibleTests {
    /// A window with a map-like view under a dialog that holds a button,
    /// the dialog registered to close by removing itself.
    func setUp() -> (window: Window, map: Recorder, dialog: View, button: Control, closed: Box) {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        let map = Recorder(frame: window.bounds)
        window.addSubview(map)
        window.defaultKeyResponder = map
        let dialog = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        dialog.accessibilityRole = .dialog
        dialog.accessibilityLabel = "Details"
        let button = Control(frame: Rect(x: 10, y: 10, width: 60, height: 30))
        button.accessibilityLabel = "Done"
        dialog.addSubview(button)
        window.addSubview(dialog)
        let closed = Box()
        window.addDismissible(dialog) { [unowned dialog] in
            closed.count += 1
            dialog.removeFromSuperview()
        }
        window.focus(button)
        return (window, map, dialog, button, closed)
    }

    final class Box {
        var count = 0
    }

    func press(_ window: Window, _ p: Point, to end: Point? = nil) {
        window.dispatch(PointerEvent(phase: .down, location: p, time: 1))
        if let end { window.dispatch(PointerEvent(phase: .moved, location: end, time: 1.1)) }
        window.dispatch(PointerEvent(phase: .up, location: end ?? p, time: 1.2))
    }

    @Test func escapeClosesTheDialogBeforeTheViewUnderItHearsIt() {
        let s = setUp()
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(s.closed.count == 1 && s.dialog.superview == nil)
        #expect(s.map.escapes == 0, "the map under the dialog did not hear that Escape")
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(s.closed.count == 1)
        #expect(s.map.escapes == 1, "the next Escape is the map's")
    }

    @Test func aPressOutsideClosesTheDialogAndGoesNoFurther() {
        let s = setUp()
        press(s.window, Point(x: 20, y: 20), to: Point(x: 60, y: 40))
        #expect(s.closed.count == 1)
        #expect(s.map.presses == 0 && s.map.moves == 0 && s.map.releases == 0, "the whole press was spent")
        press(s.window, Point(x: 20, y: 20))
        #expect(s.map.presses == 1 && s.map.releases == 1, "the next press is the map's")
    }

    @Test func aPressInsideIsTheDialogs() {
        let s = setUp()
        var tapped = 0
        s.button.onTap = { tapped += 1 }
        press(s.window, Point(x: 130, y: 120))
        #expect(tapped == 1 && s.closed.count == 0)
        // On the dialog but on none of its controls: still inside, nothing closes, nothing reaches the map.
        press(s.window, Point(x: 250, y: 180))
        #expect(s.closed.count == 0 && s.map.presses == 0)
    }

    @Test func theOnePaintedInFrontClosesFirstWhicheverCameFirst() {
        let s = setUp()
        // Registered after the dialog, but painted under it (inside the map).
        let panel = View(frame: Rect(x: 0, y: 0, width: 80, height: 80))
        s.map.addSubview(panel)
        var panelClosed = 0
        s.window.addDismissible(panel) {
            panelClosed += 1
            panel.isHidden = true
        }
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(s.closed.count == 1 && panelClosed == 0)
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(panelClosed == 1 && s.map.escapes == 0)
        // Hidden, it is passed over: the next Escape is the map's.
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(panelClosed == 1 && s.map.escapes == 1)
        // Shown again, it closes again; removed from the window, it is forgotten.
        panel.isHidden = false
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(panelClosed == 2)
        panel.isHidden = false
        panel.removeFromSuperview()
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(panelClosed == 2 && s.map.escapes == 2)
    }

    @Test func oneThatClosedItselfIsRemoved() {
        let s = setUp()
        s.window.removeDismissible(s.dialog)
        s.window.dispatch(KeyEvent(key: "Escape"))
        #expect(s.closed.count == 0 && s.map.escapes == 1)
        press(s.window, Point(x: 20, y: 20))
        #expect(s.map.presses == 1)
    }
}
