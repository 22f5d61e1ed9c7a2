import Foundation
import LiveWorld
import MapGeometry
import SampleApps

/// The repository root, found from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The samples' data, loaded once: their seeds are the world the store tests start from.
let sampleApp: SampleMapApp = {
    do {
        return SampleMapApp(
            content: try SampleContent.load(
                dataDirectory: repoRoot.appendingPathComponent("fixtures"),
                publicDirectory: repoRoot.appendingPathComponent("Public")))
    } catch {
        fatalError("sample content: \(error)")
    }
}()

/// `count` clustered pins spread over Europe and north Africa, the same every run.
func fleet(_ count: Int) -> [LiveAnnotation] {
    var random = SplitMix(seed: 42)
    return (0..<count).map { i in
        LiveAnnotation(
            id: "truck-\(i)", title: "Truck \(i)",
            coordinate: Coordinate(latitude: 30 + 30 * random.unit(), longitude: -10 + 40 * random.unit()),
            clusteringIdentifier: "trucks")
    }
}
