import DisplayList
import MapGeometry
import Testing

@testable import ViewKit

/// A view whose render is held tells its holder of any change to what it
/// draws, its subviews' changes included, so the holder may reuse the render
/// of every view that did not tell.
@Suite struct RenderHoldingTests {
    final class Holder: View, RenderHolding {
        let renderHolds = RenderHolds()
    }

    /// A holder, and a held view in it with a label and an image inside.
    static func held() -> (holder: Holder, view: View, label: Label, image: ImageView) {
        let holder = Holder()
        let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
        let label = Label(text: "Pin 1", typeface: LabelAccessibilityTests.fonts.bold, fontSize: 12)
        let image = ImageView(image: nil, frame: Rect(x: 0, y: 0, width: 16, height: 16))
        view.addSubview(label)
        view.addSubview(image)
        holder.addSubview(view)
        view.holdRender()
        return (holder, view, label, image)
    }

    @Test(arguments: ["text", "textColor", "fontSize", "alignment", "numberOfLines", "image", "subview", "frame"])
    func aSubviewsChangeLetsTheHeldRenderGo(change: String) {
        let (holder, view, label, image) = Self.held()
        switch change {
        case "text": label.text = "Pin 2"
        case "textColor": label.textColor = Color(hex: 0xFF0000)
        case "fontSize": label.fontSize = 14
        case "alignment": label.alignment = .center
        case "numberOfLines": label.numberOfLines = 2
        case "image": image.image = ImageResource(id: 9, format: .svg, width: 16, height: 16, data: [])
        case "subview": view.addSubview(View())
        default: label.frame.origin.x = 3
        }
        #expect(holder.renderHolds.takeChanged().map(\.id) == [view.id], "\(change) tells the holder of the view")
        // Once: until the view is held again, further changes are not news.
        label.text = "Pin 3"
        #expect(holder.renderHolds.takeChanged().isEmpty)
        view.holdRender()
        image.alpha = 0.5
        #expect(holder.renderHolds.takeChanged().map(\.id) == [view.id], "held again, it tells again")
    }

    @Test func settingWhatIsAlreadyThereTellsNoOne() {
        let (holder, _, label, _) = Self.held()
        label.text = "Pin 1"
        label.fontSize = 12
        label.numberOfLines = 1
        #expect(holder.renderHolds.takeChanged().isEmpty)
    }

    @Test func aViewNotHeldTellsNoOne() {
        let holder = Holder()
        let view = View()
        let label = Label(text: "Pin", typeface: LabelAccessibilityTests.fonts.bold, fontSize: 12)
        view.addSubview(label)
        holder.addSubview(view)
        label.text = "Pin 2"
        view.alpha = 0.5
        #expect(holder.renderHolds.takeChanged().isEmpty)
    }

    @Test func aGlideAloneIsAChangeOfTheAnchorOnly() {
        let (holder, view, label, _) = Self.held()
        view.worldAnchor = Point(x: 10, y: 10)
        view.holdRender()
        _ = holder.renderHolds.takeChanged()
        #expect(!view.changedOnlyInAnchor)
        view.glideAnchor(to: Point(x: 12, y: 11), milliseconds: 500)
        #expect(view.changedOnlyInAnchor)
        #expect(holder.renderHolds.takeChanged().map(\.id) == [view.id])
        view.glideAnchor(to: Point(x: 14, y: 12), milliseconds: 400)
        #expect(view.changedOnlyInAnchor, "still only the anchor, though no longer held")
        label.text = "Pin 2"
        #expect(!view.changedOnlyInAnchor, "a subview's change is more than the anchor")
        view.glideAnchor(to: Point(x: 16, y: 13), milliseconds: 300)
        #expect(!view.changedOnlyInAnchor, "and stays more until held again")
        view.holdRender()
        #expect(!view.changedOnlyInAnchor)
    }

    @Test(arguments: ["frame", "alpha", "hidden"])
    func aChangeBesideTheGlideIsMoreThanTheAnchor(change: String) {
        let (_, view, _, _) = Self.held()
        view.glideAnchor(to: Point(x: 12, y: 11), milliseconds: 500)
        switch change {
        case "frame": view.frame.origin.x = 4
        case "alpha": view.alpha = 0.5
        default: view.isHidden = true
        }
        #expect(!view.changedOnlyInAnchor, "\(change)")
    }
}
