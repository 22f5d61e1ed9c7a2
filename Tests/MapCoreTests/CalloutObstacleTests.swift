import MapGeometry
import Testing

@testable import MapCore

/// Views over the map (a toolbar, the map's controls) constrain a callout
/// only where it or its pin would be under them; where callout and pin cannot
/// both fit, the callout shows whole and the pin in part.
@Suite struct CalloutObstacleTests {
    static let margin = CalloutPlacement.margin
    /// The wishlist card: 240x280 on a bubble with a 20 px arrow, 24 px wide, 12 px corners.
    static let card = Size(width: 240, height: 280)

    /// A 28x42 pin whose top centre is `top`; the arrow tip sits 2 px below it.
    static func pin(top: Point) -> (target: Rect, tip: Point) {
        (Rect(x: top.x - 14, y: top.y, width: 28, height: 42), Point(x: top.x, y: top.y + 2))
    }

    static func place(
        _ pin: (target: Rect, tip: Point), in area: Rect, avoiding obstacles: [Rect],
        size: Size = card, permitted: CalloutPlacement.PermittedArrowDirection = .preferDown
    )
        -> CalloutPlacement
    {
        CalloutPlacement.place(
            target: pin.target, tip: pin.tip, size: size, arrowHeight: 20, arrowHalfWidth: 12,
            cornerRadius: 12, in: area, avoiding: obstacles, permitted: permitted)
    }

    /// A 390x844 phone: zoom and keyboard buttons top left, a toolbar over the bottom.
    static let phone = Rect(x: 0, y: 0, width: 390, height: 844)
    static let phoneControls = [
        Rect(x: 10, y: 10, width: 32, height: 65), Rect(x: 10, y: 83, width: 32, height: 32),
        Rect(x: 10, y: 774, width: 370, height: 46),
    ]

    @Test func aColumnInACornerDoesNotTakeTheTopStripFromACalloutItIsNotNear() {
        // 68 px to spare above the card: it opens above, where it is, with no scroll.
        let p = Self.place(Self.pin(top: Point(x: 222, y: 352)), in: Self.phone, avoiding: Self.phoneControls)
        #expect(p.direction == .down)
        #expect(p.pan == .zero)
        #expect(p.frame.minY == 352 + 2 - 20 - 280)
        // Kept clear of everything only as a strip across the map, it would not have fitted above.
        let strip = CalloutPlacement.constrainedRect(bounds: Self.phone, insets: .zero, covering: Self.phoneControls)
        #expect(strip.minY == 115)
    }

    @Test func aCalloutThatWouldCoverAControlMovesTheLeastToClearIt() {
        // Near the top left the card would sit on the zoom buttons: it slides right rather than scroll down.
        let p = Self.place(Self.pin(top: Point(x: 90, y: 320)), in: Self.phone, avoiding: Self.phoneControls)
        #expect(p.direction == .down && p.pan == .zero)
        #expect(p.frame.minX == 42 + Self.margin)
        #expect(p.frame.minX + p.arrowX == 90, "the arrow still on the pin")
    }

    @Test func aPinUnderAToolbarComesOutFromUnderIt() {
        let p = Self.place(Self.pin(top: Point(x: 195, y: 780)), in: Self.phone, avoiding: Self.phoneControls)
        let shown = p.shown(target: Self.pin(top: Point(x: 195, y: 780)).target)
        for r in shown { for o in Self.phoneControls { #expect(!r.intersects(o), "\(r) under \(o)") } }
        #expect(p.pan.y == 774 - Self.margin - (780 + 42))
    }

    @Test func onAMapTooShortForBothTheCalloutWinsAndThePinShowsInPart() {
        // A landscape phone, 844x390, a toolbar all along the bottom: no scroll takes the pin from under it
        // but one up, and above it there is no room for card and pin together.
        let map = Rect(x: 0, y: 0, width: 844, height: 390)
        let toolbar = Rect(x: 10, y: 334, width: 824, height: 46)
        let pin = Self.pin(top: Point(x: 422, y: 160))
        let p = Self.place(pin, in: map, avoiding: [toolbar])
        #expect(p.direction == .down)
        #expect(p.overflow.height == Self.margin + 280 + 20 + 40 + Self.margin - 334)
        let bubble = p.frame.offsetBy(dx: p.pan.x, dy: p.pan.y)
        #expect(bubble.minY == Self.margin, "the whole card, a margin under the top")
        let pinTop = pin.target.minY + p.pan.y
        #expect(pinTop < toolbar.minY, "the pin's head still shows above the toolbar")
        // A card shorter by the overflow fits with its pin.
        let shorter = Self.place(
            pin, in: map, avoiding: [toolbar],
            size: Size(width: 240, height: 280 - p.overflow.height))
        #expect(shorter.overflow == .zero)
        #expect(pin.target.maxY + shorter.pan.y <= toolbar.minY - Self.margin)
        // On a wider map with room for the card beside the toolbar, the map scrolls sideways and both fit.
        let wide = Rect(x: 0, y: 0, width: 1280, height: 390)
        let narrow = Rect(x: 442, y: 334, width: 396, height: 46)
        let aside = Self.place(Self.pin(top: Point(x: 640, y: 160)), in: wide, avoiding: [narrow])
        #expect(aside.overflow == .zero && aside.pan.x != 0)
        for r in aside.shown(target: Self.pin(top: Point(x: 640, y: 160)).target) { #expect(!r.intersects(narrow)) }
    }

    @Test func aPinThatMayNotScrollFlipsWhereItHasNoRoomAbove() {
        let pin = Self.pin(top: Point(x: 195, y: 200))
        let p = CalloutPlacement.place(
            target: pin.target, tip: pin.tip, size: Self.card, arrowHeight: 20,
            arrowHalfWidth: 12, cornerRadius: 12, in: Self.phone,
            avoiding: Self.phoneControls, permitsPan: false)
        #expect(p.direction == .up && p.pan == .zero)
    }

    /// SplitMix64: the same sequence on every run.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomMapsKeepBubbleAndPinInsideAndClearOfWhatTheyWouldCover() {
        var rng = SeededGenerator(state: 20_270_301)
        var fitted = 0
        for i in 0..<3000 {
            let map = Rect(
                x: 0, y: 0, width: .random(in: 320...1400, using: &rng),
                height: .random(in: 200...900, using: &rng))
            let bar = Double.random(in: 120...(map.width - 20), using: &rng)
            let obstacles = [
                Rect(x: 10, y: 10, width: 32, height: 65), Rect(x: 10, y: 83, width: 32, height: 32),
                Rect(x: ((map.width - bar) / 2).rounded(), y: map.height - 56, width: bar, height: 46),
                Rect(x: 10, y: map.height - 94, width: 112, height: 28),
                Rect(x: map.width - 94, y: map.height - 18, width: 94, height: 18),
            ]
            // Bubbles that fit the map, margins included (the wishlist card shrinks to do so).
            let size = Size(
                width: .random(in: 120...300, using: &rng),
                height: .random(in: 40...min(280, map.height - 2 * Self.margin), using: &rng))
            let pin = Self.pin(
                top: Point(
                    x: .random(in: -60...(map.width + 60), using: &rng),
                    y: .random(in: -80...(map.height + 40), using: &rng)))
            let permitted: [CalloutPlacement.PermittedArrowDirection] = [.preferDown, .any, .up, .down]
            let p = Self.place(pin, in: map, avoiding: obstacles, size: size, permitted: permitted[i % 4])
            let bubble = p.frame.offsetBy(dx: p.pan.x, dy: p.pan.y)
            let slack = 1e-6
            #expect(
                bubble.minX >= -slack && bubble.maxX <= map.maxX + slack
                    && bubble.minY >= -slack && bubble.maxY <= map.maxY + slack, "case \(i): \(bubble) off the map")
            let anchorX = pin.tip.x + p.pan.x
            #expect(abs(bubble.minX + p.arrowX - anchorX) < slack, "case \(i): the arrow is off the pin")
            guard p.overflow == .zero else { continue }
            fitted += 1
            for shown in p.shown(target: pin.target) {
                #expect(map.insetBy(dx: -slack, dy: -slack).contains(shown), "case \(i): \(shown) off the map")
                for o in obstacles {
                    #expect(!shown.insetBy(dx: slack, dy: slack).intersects(o), "case \(i): \(shown) under \(o)")
                }
            }
            if permitted[i % 4] == .preferDown { #expect(p.direction == .down, "case \(i): it fits, so above") }
        }
        #expect(fitted > 1500)
    }
}
