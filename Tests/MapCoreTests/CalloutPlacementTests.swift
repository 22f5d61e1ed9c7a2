import MapGeometry
import Testing

@testable import MapCore

@Suite struct CalloutPlacementTests {
    let bounds = Rect(x: 0, y: 0, width: 800, height: 600)
    let size = Size(width: 200, height: 60)

    /// A 28x42 pin whose tip is at `tip` (bottom centre), callout tip on its top centre.
    func place(
        pinTip: Point, permitted: CalloutPlacement.PermittedArrowDirection = .preferDown,
        permitsPan: Bool = true
    ) -> CalloutPlacement {
        let target = Rect(x: pinTip.x - 14, y: pinTip.y - 42, width: 28, height: 42)
        return CalloutPlacement.place(
            target: target, tip: Point(x: pinTip.x, y: target.minY), size: size,
            arrowHeight: 13, arrowHalfWidth: 13, cornerRadius: 10, in: bounds,
            permitted: permitted, permitsPan: permitsPan)
    }

    @Test func centredAboveWithArrowDownWhenThereIsRoom() {
        let p = place(pinTip: Point(x: 400, y: 300))
        #expect(p.direction == .down)
        #expect(p.frame == Rect(x: 300, y: 300 - 42 - 13 - 60, width: 200, height: 60))
        #expect(p.arrowX == 100)
        #expect(p.pan == .zero)
    }

    @Test func scrollsRatherThanFlipNearTheTop() {
        let p = place(pinTip: Point(x: 400, y: 80))
        #expect(p.direction == .down)
        #expect(p.frame.minY == 80 - 42 - 13 - 60)
        #expect(p.pan == Point(x: 0, y: CalloutPlacement.margin - p.frame.minY))
    }

    @Test func flipsUpWhenTheAppLetsIt() {
        let p = place(pinTip: Point(x: 400, y: 80), permitted: .any)
        #expect(p.direction == .up)
        #expect(p.frame.minY == 80 + 13)
        #expect(p.pan == .zero)
    }

    @Test func flipsUpWhenTheMapMayNotScroll() {
        let p = place(pinTip: Point(x: 400, y: 80), permitsPan: false)
        #expect(p.direction == .up)
        #expect(p.pan == .zero)
    }

    @Test func flipsUpWhenTheWorldsEdgeStopsTheScroll() {
        let target = Rect(x: 386, y: 38, width: 28, height: 42)
        let place = { (limits: Rect) in
            CalloutPlacement.place(
                target: target, tip: Point(x: 400, y: 38), size: self.size, arrowHeight: 13,
                arrowHalfWidth: 13, cornerRadius: 10, in: self.bounds, panLimits: limits)
        }
        // The map can scroll down 20 px before its centre reaches the world's top: not the 45 it needs.
        let stopped = place(Rect(x: -1000, y: -1000, width: 2000, height: 1020))
        #expect(stopped.direction == .up && stopped.pan == .zero)
        let free = place(Rect(x: -1000, y: -1000, width: 2000, height: 2000))
        #expect(free.direction == .down && free.pan.y == CalloutPlacement.margin - (38 - 13 - 60))
    }

    @Test func onAMapTooShortForBothItStaysDownTheBubbleWholeAndThePinsHeadBelow() {
        let short = Rect(x: 0, y: 0, width: 800, height: 120)
        let target = Rect(x: 386, y: 60, width: 28, height: 42)
        let p = CalloutPlacement.place(
            target: target, tip: Point(x: 400, y: 60), size: size, arrowHeight: 13,
            arrowHalfWidth: 13, cornerRadius: 10, in: short)
        #expect(p.direction == .down)
        #expect(p.overflow.height == 10 + 60 + 13 + 42 + 10 - 120)
        #expect(p.frame.offsetBy(dx: 0, dy: p.pan.y).minY == CalloutPlacement.margin)
        #expect(target.minY + p.pan.y < short.maxY, "the pin's head shows")
    }

    @Test func slidesAlongTheEdgeKeepingTheArrowOnThePin() {
        let p = place(pinTip: Point(x: 60, y: 300))
        #expect(p.frame.minX == CalloutPlacement.margin)
        #expect(p.arrowX == 60 - CalloutPlacement.margin)
        #expect(p.pan == .zero)
        let right = place(pinTip: Point(x: 760, y: 300))
        #expect(right.frame.maxX == 800 - CalloutPlacement.margin)
        #expect(right.frame.minX + right.arrowX == 760)
    }

    @Test func pansJustEnoughNearEachEdge() {
        // Left: the arrow would sit in the rounded corner.
        let left = place(pinTip: Point(x: 15, y: 300))
        #expect(left.pan.x == CalloutPlacement.margin + 23 - 15)
        #expect(left.pan.y == 0)
        // Right.
        let right = place(pinTip: Point(x: 795, y: 300))
        #expect(right.pan.x == (800 - CalloutPlacement.margin - 23) - 795)
        // Top of a short map: neither above nor below fits, so it pans down.
        let short = Rect(x: 0, y: 0, width: 800, height: 150)
        let target = Rect(x: 386, y: 58, width: 28, height: 42)
        let top = CalloutPlacement.place(
            target: target, tip: Point(x: 400, y: 58), size: size, arrowHeight: 13,
            arrowHalfWidth: 13, cornerRadius: 10, in: short)
        #expect(top.direction == .down)
        #expect(top.pan.y == CalloutPlacement.margin - (58 - 13 - 60))
        // After the pan, the bubble is inside the margin.
        #expect(top.frame.offsetBy(dx: top.pan.x, dy: top.pan.y).minY == CalloutPlacement.margin)
    }

    @Test func neverPansWhileTheUserDrags() {
        #expect(place(pinTip: Point(x: 15, y: 300), permitsPan: false).pan == .zero)
    }
}
