import Foundation
import SampleApps
import Testing

/// A broken fixture stops the server with a message naming the right file.
@Suite struct SampleFileErrorTests {
    @Test func aBadLandmarksFileIsNotCalledThePeopleFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapcallouts-\(UUID()).json")
        try Data("{\"annotations\": [{\"id\": 1}]}".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try LandmarkFile.load(url)
            Issue.record("a broken landmarks file loaded")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("landmarks file \(url.path) is invalid"), "\(message)")
            #expect(!message.contains("people"))
        }
        let missing = URL(fileURLWithPath: "/nonexistent/mapcallouts.json")
        #expect(throws: LandmarkFile.LoadError.unreadable(missing.path)) { try LandmarkFile.load(missing) }
    }
}
