import InputEvents
import MapGeometry
import Testing

@testable import ViewKit

/// A screen with one focusable button.
final class ButtonScreen: Screen {
    let button = Control(frame: Rect(x: 10, y: 10, width: 80, height: 30))
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        button.accessibilityLabel = "Back"
        addSubview(button)
    }
    override var initialFocus: View? { button }
}

@Suite struct NavigationStackTests {
    func setUp() -> (Window, View, Control, NavigationStack, ManualClock) {
        let clock = ManualClock()
        let window = Window(size: Size(width: 400, height: 300), clock: clock)
        let root = View(frame: window.bounds)
        let rootButton = Control(frame: Rect(x: 100, y: 100, width: 50, height: 20))
        rootButton.accessibilityLabel = "Open"
        root.addSubview(rootButton)
        window.addSubview(root)
        window.defaultKeyResponder = root
        return (window, root, rootButton, NavigationStack(container: window, root: root), clock)
    }

    func finish(_ window: Window, _ clock: ManualClock) {
        while window.animator.isAnimating {
            clock.advance(by: 1.0 / 60)
            window.animator.tick()
        }
    }

    @Test func pushSlidesInCoversTheRootAndTakesKeysAndFocus() {
        let (window, root, rootButton, stack, clock) = setUp()
        window.focus(rootButton)
        let screen = ButtonScreen()
        stack.push(screen, animated: true)
        #expect(screen.frame.minX == 400)
        #expect(window.focusedView === screen.button)
        #expect(window.defaultKeyResponder === screen)
        clock.advance(by: 0.1)
        window.animator.tick()
        #expect(screen.frame.minX > 0 && screen.frame.minX < 400)
        #expect(!root.isHidden)
        finish(window, clock)
        #expect(screen.frame.minX == 0)
        #expect(root.isHidden, "the covered root neither paints nor takes focus")
        #expect(!window.focusableViews().contains { $0 === rootButton })
        // Nothing under the screen is hit.
        #expect(window.hitTest(Point(x: 120, y: 110))?.isDescendant(of: screen) == true)
    }

    @Test func escapePopsAndRestoresKeysAndFocus() {
        let (window, root, rootButton, stack, clock) = setUp()
        window.focus(rootButton)
        let screen = ButtonScreen()
        stack.push(screen, animated: false)
        window.dispatch(KeyEvent(key: "Escape"))
        #expect(stack.screens.isEmpty)
        #expect(!root.isHidden)
        #expect(window.defaultKeyResponder === root)
        #expect(window.focusedView === rootButton, "focus returns to what opened the screen")
        #expect(screen.superview != nil, "it slides out first")
        finish(window, clock)
        #expect(screen.superview == nil)
    }
}
