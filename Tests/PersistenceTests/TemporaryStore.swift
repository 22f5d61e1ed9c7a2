import Foundation

@testable import Persistence

/// A plain pin for tests.
func pin(_ id: String, _ lat: Double = 1, _ lon: Double = 2) -> StoredAnnotation {
    StoredAnnotation(id: id, kind: "point", title: id, subtitle: nil, latitude: lat, longitude: lon)
}

/// A folder of its own for each test's store file, removed afterwards.
final class TemporaryStore: Sendable {
    let folder: URL
    var path: String { folder.appendingPathComponent("world.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
