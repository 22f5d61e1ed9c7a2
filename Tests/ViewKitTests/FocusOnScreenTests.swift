import InputEvents
import MapGeometry
import Testing

@testable import ViewKit

/// Tab stops only where something shows, as the browser's mirror hides an
/// element with nothing of it on screen.
@Suite struct FocusOnScreenTests {
    static func button(_ name: String, _ frame: Rect) -> Control {
        let b = Control(frame: frame)
        b.accessibilityLabel = name
        return b
    }

    @Test func tabSkipsViewsWithNothingOnScreen() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        let inside = Self.button("Inside", Rect(x: 10, y: 10, width: 40, height: 20))
        let acrossTheEdge = Self.button("Across the edge", Rect(x: 380, y: 10, width: 40, height: 20))
        let beyond = Self.button("Beyond the edge", Rect(x: 420, y: 10, width: 40, height: 20))
        let list = View(frame: Rect(x: 10, y: 100, width: 100, height: 50))
        list.clipsToBounds = true
        let shownRow = Self.button("Shown row", Rect(x: 0, y: 30, width: 100, height: 30))
        let scrolledAway = Self.button("Scrolled away", Rect(x: 0, y: 60, width: 100, height: 30))
        for v in [inside, acrossTheEdge, beyond, list] { window.addSubview(v) }
        for v in [shownRow, scrolledAway] { list.addSubview(v) }
        let names = window.focusableViews().compactMap(\.accessibilityLabel)
        #expect(names == ["Inside", "Across the edge", "Shown row"])
        window.focus(acrossTheEdge)
        window.dispatch(KeyEvent(key: "Tab"))
        #expect(window.focusedView === shownRow)
        window.dispatch(KeyEvent(key: "Tab"))
        #expect(window.focusedView === inside, "round again, past the views beyond the edge")
    }

    /// The browser cannot focus an element it hides: the focus change waits
    /// for the view to come on screen (a screen sliding in with its Back button).
    @Test func focusOnAViewOffScreenIsSentOnceItComesOn() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        let screen = View(frame: Rect(x: 400, y: 0, width: 400, height: 300))
        let back = Self.button("Back", Rect(x: 10, y: 10, width: 60, height: 30))
        screen.addSubview(back)
        window.addSubview(screen)
        window.focus(back)
        #expect(window.takeFocusForMirror() == nil)
        screen.frame.origin.x = 395
        #expect(window.takeFocusForMirror() == nil, "the button is still past the edge")
        screen.frame.origin.x = 200
        #expect(window.takeFocusForMirror() == back.id)
        #expect(window.takeFocusForMirror() == nil, "sent once")
    }
}
