import Foundation
import MapWire
import Testing

@testable import SampleApps

/// The MapCallouts toolbar takes its fair share of the map: a row of
/// buttons that narrows to the map's width, folded into a "Show" menu where
/// the row would not fit or would take more than a quarter of its height.
@Suite struct LandmarkToolbarTests {
    /// A toolbar on a plain view of `size`, laid out as it is before drawing.
    func toolbar(on size: Size) -> (View, LandmarkToolbar) {
        let map = View(frame: Rect(origin: .zero, size: size))
        let toolbar = LandmarkToolbar(fonts: PersonDetailScreenTests.fonts)
        map.addSubview(toolbar)
        toolbar.pinToSuperview()
        return (map, toolbar)
    }

    func buttonFrames(_ toolbar: LandmarkToolbar) -> [Rect] {
        MapCalloutsScreen.Filter.allCases.compactMap { toolbar.buttons[$0]?.frame }
    }

    @Test func onALargeMapItIsARowOfFullButtonsAtTheBottomCentre() {
        let (_, bar) = toolbar(on: Size(width: 1280, height: 800))
        #expect(!bar.isFolded)
        #expect(bar.frame == Rect(x: 442, y: 800 - 24 - 46, width: 396, height: 46))
        #expect(buttonFrames(bar).allSatisfy { $0.width == 72 })
    }

    @Test func onAPhoneTheButtonsNarrowToFitItsWidth() throws {
        for width in [390.0, 320.0] {
            let (map, bar) = toolbar(on: Size(width: width, height: 844))
            #expect(!bar.isFolded)
            #expect(bar.frame.minX >= 10 && bar.frame.maxX <= width - 10, "\(bar.frame) on a \(width) px phone")
            #expect(map.bounds.contains(bar.frame))
            for filter in MapCalloutsScreen.Filter.allCases {
                let button = try #require(bar.buttons[filter])
                let title = button.titleLabel.sizeThatFits(maxWidth: .infinity).width
                #expect(button.frame.width >= title + 12, "\(filter) is cut")
                #expect(button.frame.maxX <= bar.bounds.width - 6)
            }
        }
    }

    @Test func onAShortMapItFoldsIntoAMenuButton() throws {
        let (map, bar) = toolbar(on: Size(width: 320, height: 200))
        #expect(bar.isFolded && !bar.menuButton.isHidden)
        #expect(bar.menuButton.title == "Show: All")
        #expect(bar.frame.height + (200 - bar.frame.maxY) <= 200 / 4, "a quarter of the height at most")
        #expect(bar.menu.isHidden, "the filters wait in the closed menu")
        bar.openMenu()
        #expect(bar.isMenuOpen && bar.menuButton.accessibilityFlags == [.expanded])
        // The menu opens above the button, inside the map, each button whole.
        let menu = bar.menu.frame.offsetBy(dx: bar.frame.minX, dy: bar.frame.minY)
        #expect(map.bounds.contains(menu) && menu.maxY <= bar.frame.minY)
        for frame in buttonFrames(bar) { #expect(bar.menu.bounds.contains(frame)) }
        var chosen: MapCalloutsScreen.Filter?
        bar.onSelect = { chosen = $0 }
        try #require(bar.buttons[.ferry]).onTap?()
        #expect(chosen == .ferry && !bar.isMenuOpen)
    }

    @Test func aMapThatGrowsUnfoldsItInTheButtonsOrder() throws {
        let (map, bar) = toolbar(on: Size(width: 320, height: 200))
        #expect(bar.isFolded)
        map.frame.size = Size(width: 800, height: 600)
        bar.pinToSuperview()
        #expect(!bar.isFolded && bar.menuButton.isHidden)
        let xs = buttonFrames(bar).map(\.minX)
        #expect(xs == xs.sorted())
        #expect(bar.buttons.values.allSatisfy { $0.superview === bar })
    }
}
