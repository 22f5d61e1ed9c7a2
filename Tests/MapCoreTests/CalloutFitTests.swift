import MapGeometry
import Testing

@testable import MapCore

/// Placement as SMCalloutView fits it: whatever the pin's place, the bubble
/// and the pin (grown by the margin) end inside the constrained rect once the
/// map has scrolled by `pan`.
@Suite struct CalloutFitTests {
    static let margin = CalloutPlacement.margin

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var pinTip: Point
        var description: String { name }
    }

    /// A 28x42 pin (tip at its bottom centre), a 240x120 bubble, a 1000x700 map with insets.
    static let map = Rect(x: 0, y: 0, width: 1000, height: 700)
    static let insets = EdgeInsets(top: 44, left: 20, bottom: 60, right: 30)
    static let size = Size(width: 240, height: 120)

    /// Pins on every edge and corner, inside, on and beyond each edge (views live in a margin around the map).
    static let cases: [Case] = {
        var all: [Case] = []
        let xs: [(String, Double)] = [
            ("far left", -40), ("left", 5), ("inner left", 40), ("middle", 500),
            ("inner right", 960), ("right", 995), ("far right", 1040),
        ]
        let ys: [(String, Double)] = [
            ("above", -30), ("top", 10), ("under the top inset", 60), ("middle", 350),
            ("over the bottom inset", 650), ("bottom", 695), ("below", 740),
        ]
        for (xn, x) in xs { for (yn, y) in ys { all.append(Case(name: "\(yn), \(xn)", pinTip: Point(x: x, y: y))) } }
        return all
    }()

    static func pin(tip: Point) -> Rect { Rect(x: tip.x - 14, y: tip.y - 42, width: 28, height: 42) }

    /// Checks the fit: inside after the scroll, arrow on the anchor and clear of the corners.
    static func expectFits(
        _ p: CalloutPlacement, target: Rect, tip: Point, size: Size, in constrained: Rect,
        minArrow: Double, _ text: String
    ) {
        let note = Comment(rawValue: text)
        let bubble = p.frame.offsetBy(dx: p.pan.x, dy: p.pan.y).insetBy(dx: -margin, dy: -margin)
        let pin = target.offsetBy(dx: p.pan.x, dy: p.pan.y).insetBy(dx: -margin, dy: -margin)
        let slack = 1e-9
        let fits = { (r: Rect) in
            r.minX >= constrained.minX - slack && r.maxX <= constrained.maxX + slack
                && r.minY >= constrained.minY - slack && r.maxY <= constrained.maxY + slack
        }
        #expect(fits(bubble), "bubble \(bubble) outside \(constrained): \(text)")
        #expect(fits(pin), "pin \(pin) outside \(constrained): \(text)")
        #expect(abs(p.frame.minX + p.arrowX - tip.x) < 1e-9, "arrow off the pin: \(text)")
        #expect(p.arrowX >= minArrow - slack && p.arrowX <= size.width - minArrow + slack, note)
        // The arrow points at the pin from the side the bubble is on.
        if p.direction == .down {
            #expect(p.frame.maxY <= target.minY + slack, note)
        } else {
            #expect(p.frame.minY >= target.maxY - slack, note)
        }
    }

    static let rules: [(CalloutPlacement.PermittedArrowDirection, CalloutPlacement.HorizontalPolicy)] = [
        (.any, .preferMiddle), (.any, .centredOnTarget), (.up, .preferMiddle), (.up, .centredOnTarget),
        (.down, .preferMiddle), (.down, .centredOnTarget), (.preferDown, .preferMiddle),
        (.preferDown, .centredOnTarget),
    ]

    @Test(arguments: cases, 0..<8)
    func everyEdgeAndCornerFits(_ c: Case, rule: Int) {
        let (permitted, horizontal) = Self.rules[rule]
        let constrained = CalloutPlacement.constrainedRect(bounds: Self.map, insets: Self.insets, covering: [])
        #expect(constrained == Rect(x: 20, y: 44, width: 950, height: 596))
        let target = Self.pin(tip: c.pinTip)
        let tip = Point(x: c.pinTip.x, y: target.minY)
        let p = CalloutPlacement.place(
            target: target, tip: tip, size: Self.size, arrowHeight: 13, arrowHalfWidth: 13,
            cornerRadius: 10, in: constrained, permitted: permitted, horizontal: horizontal)
        Self.expectFits(
            p, target: target, tip: tip, size: Self.size, in: constrained, minArrow: 23,
            "\(c) \(permitted) \(horizontal)")
        if permitted == .up { #expect(p.direction == .up) }
        if permitted == .down || permitted == .preferDown { #expect(p.direction == .down) }
    }

    @Test func aPinAboveTheTopScrollsInWithItsBubbleAbove() {
        // The keyboard can reach a pin in the margin above the map.
        let target = Self.pin(tip: Point(x: 500, y: -20))
        let p = CalloutPlacement.place(
            target: target, tip: Point(x: 500, y: target.minY), size: Self.size,
            arrowHeight: 20, arrowHalfWidth: 12, cornerRadius: 12, in: Self.map)
        #expect(p.direction == .down)
        #expect(p.pan == Point(x: 0, y: 62 + 20 + 120 + Self.margin), "the bubble's top ends a margin below the top")
        // Allowed to flip, it hangs below and the map scrolls only the pin in.
        let flipped = CalloutPlacement.place(
            target: target, tip: Point(x: 500, y: target.minY), size: Self.size,
            arrowHeight: 20, arrowHalfWidth: 12, cornerRadius: 12, in: Self.map,
            permitted: .any)
        #expect(flipped.direction == .up)
        #expect(flipped.pan == Point(x: 0, y: 62 + Self.margin), "the pin's top ends a margin below the top")
    }

    @Test func aPinBelowTheBottomScrollsUpJustEnough() {
        let target = Self.pin(tip: Point(x: 500, y: 720))
        let p = CalloutPlacement.place(
            target: target, tip: Point(x: 500, y: target.minY), size: Self.size,
            arrowHeight: 13, arrowHalfWidth: 13, cornerRadius: 10, in: Self.map)
        #expect(p.direction == .down)
        #expect(p.pan == Point(x: 0, y: 700 - Self.margin - 720))
    }

    @Test func aBubbleThatFitsNeverScrolls() {
        let target = Self.pin(tip: Point(x: 300, y: 400))
        let p = CalloutPlacement.place(
            target: target, tip: Point(x: 300, y: target.minY), size: Self.size,
            arrowHeight: 13, arrowHalfWidth: 13, cornerRadius: 10, in: Self.map)
        #expect(p.pan == .zero)
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

    @Test func randomPinsSizesAndInsetsAlwaysFit() {
        var rng = SeededGenerator(state: 20_261_123)
        for i in 0..<3000 {
            let map = Rect(
                x: 0, y: 0, width: .random(in: 320...1600, using: &rng),
                height: .random(in: 320...1000, using: &rng))
            let insets = EdgeInsets(
                top: .random(in: 0...60, using: &rng), left: .random(in: 0...60, using: &rng),
                bottom: .random(in: 0...60, using: &rng), right: .random(in: 0...60, using: &rng))
            // A toolbar somewhere along the bottom, the zoom buttons in a corner.
            let toolbarWidth = Double.random(in: 80...(map.width / 2), using: &rng)
            let toolbar = Rect(
                x: .random(in: 0...(map.width - toolbarWidth), using: &rng), y: map.height - 70,
                width: toolbarWidth, height: 46)
            let zoom = Rect(x: map.width - 42, y: 10, width: 32, height: 65)
            let constrained = CalloutPlacement.constrainedRect(bounds: map, insets: insets, covering: [toolbar, zoom])
            // (Shrunk by a hair: edges that meet may differ in the last bit.)
            let covered = [toolbar, zoom].map { $0.insetBy(dx: 1e-6, dy: 1e-6) }
            #expect(!covered.contains { constrained.intersects($0) }, "\(map) \(insets) \(toolbar) \(constrained)")
            let pinSize = Size(width: .random(in: 10...60, using: &rng), height: .random(in: 10...60, using: &rng))
            let arrowHeight = Double.random(in: 6...24, using: &rng)
            // Sizes that can fit at all: bubble, arrow and pin, each with its margin.
            let maxHeight = constrained.height - 3 * Self.margin - arrowHeight - pinSize.height
            let maxWidth = constrained.width - 2 * Self.margin - 20
            guard maxHeight > 30, maxWidth > 80 else { continue }
            let size = Size(
                width: .random(in: 80...min(maxWidth, 320), using: &rng),
                height: .random(in: 30...min(maxHeight, 300), using: &rng))
            let tipX = Double.random(in: (map.minX - 80)...(map.maxX + 80), using: &rng)
            let tipY = Double.random(in: (map.minY - 80)...(map.maxY + 80), using: &rng)
            let target = Rect(
                x: tipX - pinSize.width / 2, y: tipY - pinSize.height, width: pinSize.width,
                height: pinSize.height)
            let offset = Point(x: .random(in: -5...5, using: &rng), y: .random(in: -5...5, using: &rng))
            let tip = Point(x: target.midX + offset.x, y: target.minY + offset.y)
            let permitted: [CalloutPlacement.PermittedArrowDirection] = [.any, .up, .down, .preferDown]
            let policy: CalloutPlacement.HorizontalPolicy = Bool.random(using: &rng) ? .preferMiddle : .centredOnTarget
            let p = CalloutPlacement.place(
                target: target, tip: tip, size: size, arrowHeight: arrowHeight,
                arrowHalfWidth: 12, cornerRadius: 10, in: constrained,
                permitted: permitted[i % 4], horizontal: policy)
            let anchor = p.direction == .down ? tip : Point(x: tip.x, y: target.maxY)
            Self.expectFits(p, target: target, tip: anchor, size: size, in: constrained, minArrow: 22, "case \(i)")
        }
    }

    @Test func theStandardPolicyStaysInTheMiddleWhileItsArrowReaches() {
        let place = { (x: Double, policy: CalloutPlacement.HorizontalPolicy) -> CalloutPlacement in
            let target = Self.pin(tip: Point(x: x, y: 400))
            return CalloutPlacement.place(
                target: target, tip: Point(x: x, y: target.minY), size: Self.size,
                arrowHeight: 13, arrowHalfWidth: 13, cornerRadius: 10, in: Self.map,
                horizontal: policy)
        }
        // The middle is 380...620: a pin at 420 is reached by moving the arrow alone.
        let near = place(420, .preferMiddle)
        #expect(near.frame.minX == 380 && near.arrowX == 40)
        // Farther off, it moves just far enough that the arrow clears the corner.
        let far = place(200, .preferMiddle)
        #expect(far.frame.minX == 200 - 23 && far.arrowX == 23)
        let right = place(900, .preferMiddle)
        #expect(right.frame.maxX == 900 + 23)
        // An app's card centres on its pin instead.
        #expect(place(400, .centredOnTarget).frame.minX == 400 - 120)
    }

    @Test func coveringViewsTakeTheEdgeTheyAreNearest() {
        let bounds = Rect(x: 0, y: 0, width: 1280, height: 657)
        let toolbar = Rect(x: 442, y: 587, width: 396, height: 46)
        let zoom = Rect(x: 10, y: 10, width: 32, height: 65)
        let attribution = Rect(x: 1186, y: 639, width: 94, height: 18)
        let top5 = EdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
        let r = CalloutPlacement.constrainedRect(bounds: bounds, insets: top5, covering: [toolbar, zoom, attribution])
        #expect(r == Rect(x: 42, y: 5, width: 1238, height: 582))
        // Views outside the rect change nothing.
        let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        let none = CalloutPlacement.constrainedRect(
            bounds: bounds, insets: zero,
            covering: [Rect(x: 2000, y: 0, width: 10, height: 10)])
        #expect(none == bounds)
    }
}
