import Synchronization
import Testing

@testable import TextLayout

@Suite struct WidthCacheTests {
    @Test func measuresEachTextAndSizeOnce() {
        let cache = WidthCache()
        let calls = Atomic<Int>(0)
        func width(_ text: String, _ size: Double) -> Double {
            cache.width(of: text, size: size) {
                calls.add(1, ordering: .relaxed)
                return Double(text.count) * size
            }
        }
        #expect(width("Pin", 16) == 48)
        #expect(width("Pin", 16) == 48)
        #expect(calls.load(ordering: .relaxed) == 1)
        #expect(width("Pin", 12) == 36)
        #expect(width("Pins", 16) == 64)
        #expect(calls.load(ordering: .relaxed) == 3)
        #expect(cache.count == 3)
    }

    @Test func clearsWhenFull() {
        let cache = WidthCache(limit: 100)
        for index in 0..<100 {
            _ = cache.width(of: "label \(index)", size: 16) { Double(index) }
        }
        #expect(cache.count == 100)
        _ = cache.width(of: "one more", size: 16) { 1 }
        #expect(cache.count == 1)
    }

    @Test func fontCacheStaysBounded() throws {
        let font = try Font(path: TestFonts.regularPath, family: "Inter", weight: 400)
        for index in 0..<10_050 {
            _ = font.width(of: "\(index)", size: 16)
        }
        // Cleared once at 10,000; what is left is the last 50.
        #expect(font.cachedWidthCount == 50)
    }
}
