import MapGeometry
import Testing

@testable import ViewKit

/// Reordering subviews, moving one, and removing them by a predicate.
@Suite struct SubviewOrderTests {
    @Test func aReorderPutsEachSubviewWhereTheOrderSays() {
        var state: UInt64 = 17
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let parent = View()
        for _ in 0..<40 { parent.addSubview(View()) }
        for round in 0..<200 {
            let before = parent.subviews.map(\.id)
            var order = Array(before.indices)
            // Whole shuffles, and a few swaps among views otherwise in place.
            if round % 2 == 0 {
                for i in order.indices.reversed() { order.swapAt(i, next(i + 1)) }
            } else {
                for _ in 0..<3 { order.swapAt(next(order.count), next(order.count)) }
            }
            let version = parent.subviewsVersion
            parent.reorderSubviews(order)
            #expect(parent.subviews.map(\.id) == order.map { before[$0] }, "round \(round)")
            #expect(parent.subviewsVersion != version)
            #expect(parent.subviews.allSatisfy { $0.superview === parent })
        }
    }

    @Test func aMovedSubviewLandsWhereAskedAndTheOthersShiftOver() {
        let parent = View()
        let views = (0..<6).map { _ in View() }
        for view in views { parent.addSubview(view) }
        let ids = views.map(\.id)
        let version = parent.subviewsVersion
        parent.moveSubview(from: 4, to: 1)
        #expect(parent.subviews.map(\.id) == [ids[0], ids[4], ids[1], ids[2], ids[3], ids[5]])
        parent.moveSubview(from: 0, to: 5)
        #expect(parent.subviews.map(\.id) == [ids[4], ids[1], ids[2], ids[3], ids[5], ids[0]])
        parent.moveSubview(from: 2, to: 2)
        #expect(parent.subviews.map(\.id) == [ids[4], ids[1], ids[2], ids[3], ids[5], ids[0]])
        #expect(parent.subviewsVersion != version, "a cache of the subviews' renders sees the change")
        #expect(parent.subviews.allSatisfy { $0.superview === parent })
    }

    @Test func removingByAPredicateKeepsTheOthersInOrder() {
        let parent = View()
        let views = (0..<10).map { _ in View() }
        for view in views { parent.addSubview(view) }
        parent.removeSubviews { view in views.firstIndex { $0 === view }! % 3 == 0 }
        #expect(parent.subviews.map(\.id) == views.enumerated().filter { $0.offset % 3 != 0 }.map(\.element.id))
        #expect(views[0].superview == nil && views[1].superview === parent)
    }
}
