import InputEvents
import MapGeometry
import Testing

@testable import ViewKit

@Suite struct HitTestingTests {
    func tree() -> (Window, View, View, View) {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        let card = View(frame: Rect(x: 50, y: 40, width: 200, height: 150))
        let button = View(frame: Rect(x: 20, y: 100, width: 80, height: 30))
        let behind = View(frame: Rect(x: 60, y: 60, width: 40, height: 40))
        window.addSubview(behind)
        window.addSubview(card)
        card.addSubview(button)
        return (window, card, button, behind)
    }

    @Test func deepestFrontMostViewWins() {
        let (window, card, button, _) = tree()
        #expect(window.hitTest(Point(x: 80, y: 150)) === button)
        #expect(window.hitTest(Point(x: 200, y: 60)) === card)
        // The card covers the view behind it: no hit through.
        #expect(window.hitTest(Point(x: 70, y: 70)) === card)
    }

    @Test func hiddenTransparentAndDisabledViewsAreSkipped() {
        let (window, card, button, behind) = tree()
        card.isHidden = true
        #expect(window.hitTest(Point(x: 70, y: 70)) === behind)
        card.isHidden = false
        card.alpha = 0
        #expect(window.hitTest(Point(x: 80, y: 150)) === window)
        card.alpha = 1
        button.isUserInteractionEnabled = false
        #expect(window.hitTest(Point(x: 80, y: 150)) === card)
    }

    @Test func clippingLimitsSubviews() {
        let (window, card, button, _) = tree()
        button.frame.origin.x = 180 // sticks out of the card on the right
        #expect(window.hitTest(Point(x: 300, y: 150)) === button)
        card.clipsToBounds = true
        #expect(window.hitTest(Point(x: 300, y: 150)) === window)
    }

    @Test func worldAnchoredViewsFollowTheProjection() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        window.worldToScreen = { Point(x: $0.x / 10, y: $0.y / 10) }
        let pin = View(frame: Rect(x: -10, y: -20, width: 20, height: 20))
        pin.worldAnchor = Point(x: 1000, y: 1000)
        window.addSubview(pin)
        #expect(window.hitTest(Point(x: 100, y: 85)) === pin)
        #expect(window.hitTest(Point(x: 100, y: 105)) === window)
        #expect(pin.frameInWindow() == Rect(x: 90, y: 80, width: 20, height: 20))
    }

    @Test func scrollOffsetAndScaleAreInverted() {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        let list = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        list.contentOffset = Point(x: 0, y: 50)
        let row = View(frame: Rect(x: 0, y: 60, width: 100, height: 20))
        list.addSubview(row)
        window.addSubview(list)
        #expect(window.hitTest(Point(x: 10, y: 15)) === row)
        list.scale = 0.5
        list.scaleOrigin = .zero
        // (10,5) -> list (20,10) at half scale -> row: +50 scroll -60 frame.
        #expect(row.convertFromWindow(Point(x: 10, y: 5)) == Point(x: 20, y: 0))
    }

    @Test func pointerIsCapturedByTheViewThatTookTheDown() {
        final class Tracker: View {
            var log: [String] = []
            override func pointerDown(_ e: PointerEvent, at p: Point) -> Bool {
                log.append("down")
                return true
            }
            override func pointerMoved(_ e: PointerEvent, at p: Point) { log.append("move \(Int(p.x))") }
            override func pointerUp(_ e: PointerEvent, at p: Point) { log.append("up") }
        }
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        let t = Tracker(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        window.addSubview(t)
        window.dispatch(PointerEvent(phase: .down, location: Point(x: 20, y: 20), time: 0))
        window.dispatch(PointerEvent(phase: .moved, location: Point(x: 300, y: 200), time: 0.1))
        window.dispatch(PointerEvent(phase: .up, location: Point(x: 300, y: 200), time: 0.2))
        #expect(t.log == ["down", "move 290", "up"])
    }
}
