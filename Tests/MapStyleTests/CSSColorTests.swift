import DisplayList
import Testing

@testable import MapStyle

@Suite struct CSSColorTests {
    @Test func hexForms() {
        #expect(CSSColor.parse("#abc") == Color(hex: 0xAABBCC))
        #expect(CSSColor.parse("#ABCDEF") == Color(hex: 0xABCDEF))
        #expect(CSSColor.parse("#11223380") == Color(rgba: 0x1122_3380))
        #expect(CSSColor.parse("#abc8") == Color(rgba: 0xAABB_CC88))
        #expect(CSSColor.parse("#abcd1") == nil)
        #expect(CSSColor.parse("#ggg") == nil)
    }

    @Test func functionalForms() {
        #expect(CSSColor.parse("rgb(255, 128, 0)") == Color(hex: 0xFF8000))
        #expect(CSSColor.parse("rgba(255,128,0,0.5)") == Color(red: 255, green: 128, blue: 0, alpha: 0.5))
        #expect(CSSColor.parse("rgb(100%, 0%, 0%)") == Color(hex: 0xFF0000))
        #expect(CSSColor.parse("hsl(0, 100%, 50%)") == Color(hex: 0xFF0000))
        #expect(CSSColor.parse("hsl(120, 100%, 25%)") == Color(hex: 0x008000))
        #expect(CSSColor.parse("hsla(240, 100%, 50%, 0.25)") == Color(red: 0, green: 0, blue: 255, alpha: 0.25))
        // q = 0.92, p = 0.88: red p, green halfway between, blue q.
        #expect(CSSColor.parse("hsl(210, 20%, 90%)") == Color(hex: 0xE0E6EB))
        #expect(CSSColor.parse("rgb(1, 2)") == nil)
    }

    @Test func namedColours() {
        #expect(CSSColor.parse("white") == .white)
        #expect(CSSColor.parse("Black") == .black)
        #expect(CSSColor.parse("transparent") == .clear)
        #expect(CSSColor.parse("orange") == Color(hex: 0xFFA500))
        #expect(CSSColor.parse("lightgrey") == Color(hex: 0xD3D3D3))
        #expect(CSSColor.parse("blurple") == nil)
    }

    @Test func aNonColourWhereOneIsWantedIsAnError() {
        let error = compileError(#"["match", ["get", "class"], "a", "blurple", "red"]"#, kind: .color)
        #expect(error?.path == "test[3]")
        #expect(error?.reason.contains("blurple") == true)
    }

    @Test func interpolationIsPerChannelIncludingAlpha() {
        let mid = ExpressionValue.interpolate(.color(Color(rgba: 0x0000_0000)), .color(Color(rgba: 0xFF40_20FF)), 0.5)
        #expect(mid == .color(Color(rgba: 0x8020_1080)))
    }
}
