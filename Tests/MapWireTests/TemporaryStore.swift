import Foundation

@testable import MapWire

/// A folder of a test's own for its store files, so runs never see each other's world.
struct TemporaryStore {
    let directory: URL

    init(_ name: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A configuration that picks a free port and keeps its world in `file` in the folder.
    func configuration(file: String = "world.sqlite") -> MapWireConfiguration {
        var configuration = MapWireConfiguration()
        configuration.port = 0
        configuration.storePath = directory.appendingPathComponent(file).path
        return configuration
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
