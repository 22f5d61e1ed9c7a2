import DisplayList
import Foundation
import MapGeometry
import Testing
import ViewKit

/// A label in the accessibility mirror reads as its text, as UILabel does.
@Suite struct LabelAccessibilityTests {
    static let fonts: FontBook = {
        let publicDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public")
        do { return try FontBook.load(publicDirectory: publicDirectory) } catch { fatalError("fonts: \(error)") }
    }()

    func mirror(of label: Label) -> [AccessibilityElement] {
        let window = Window(size: Size(width: 400, height: 300), clock: ManualClock())
        window.addSubview(label)
        return window.renderScene().accessibility
    }

    @Test func aLabelWithARoleMirrorsItsTextUnlessToldOtherwise() {
        let label = Label(text: "Wishlist", typeface: Self.fonts.bold, fontSize: 15)
        label.frame = Rect(x: 10, y: 10, width: 200, height: 20)
        #expect(mirror(of: label).isEmpty, "no role, no element")
        label.accessibilityRole = .heading
        #expect(mirror(of: label) == [AccessibilityElement(item: label.id, role: .heading, name: "Wishlist")])
        label.text = "Wishlist (3)"
        #expect(mirror(of: label).first?.name == "Wishlist (3)")
        label.accessibilityLabel = "Three wishes"
        #expect(mirror(of: label).first?.name == "Three wishes")
        label.accessibilityLabel = nil
        label.text = ""
        #expect(mirror(of: label).isEmpty, "an empty label says nothing")
    }
}
