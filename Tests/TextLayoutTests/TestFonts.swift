@testable import TextLayout

/// The fonts the page serves, found from this file's location
/// (Tests/TextLayoutTests/TestFonts.swift -> ../../Public/fonts), so the
/// tests measure exactly the files the browser loads.
enum TestFonts {
    static let directory: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3) // TestFonts.swift, TextLayoutTests, Tests
        return components.joined(separator: "/") + "/Public/fonts"
    }()

    static let regularPath = directory + "/Inter-Regular.otf"
    static let boldPath = directory + "/Inter-Bold.otf"

    // Shared because a Font is immutable and Sendable; the tests also
    // exercise it from many tests running in parallel.
    static let regular = try! Font(path: regularPath, family: "Inter", weight: 400)
    static let bold = try! Font(path: boldPath, family: "Inter", weight: 700)
}
