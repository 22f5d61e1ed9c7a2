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
}
