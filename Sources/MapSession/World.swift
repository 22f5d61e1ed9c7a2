import Foundation
import MapCore
import SampleApps
import ViewKit

/// What every session shares: fonts, the base map and the sample apps'
/// annotations. Loaded once at start-up; a missing or broken file is an error
/// here rather than in a browser.
public final class World: Sendable {
    public let fonts: FontBook
    public let baseMap: BaseMap?
    public let content: SampleContent
    /// The live annotations every session shows, by id (people, landmarks, API and demo ones).
    public let store: AnnotationStore

    /// `logLimit`: changes the store keeps for sessions catching up (tests make it small).
    public init(fonts: FontBook, baseMap: BaseMap?, content: SampleContent,
                logLimit: Int = AnnotationStore.defaultLogLimit) {
        self.fonts = fonts
        self.baseMap = baseMap
        self.content = content
        store = AnnotationStore(content: content, logLimit: logLimit)
        if let baseMap { BaseMapView.prepareLabels(of: baseMap, fonts: fonts) }
    }

    public static func load(dataDirectory: URL, publicDirectory: URL) throws -> World {
        World(fonts: try FontBook.load(publicDirectory: publicDirectory),
              baseMap: try BaseMap(contentsOf: dataDirectory.appendingPathComponent("basemap.bin")),
              content: try SampleContent.load(dataDirectory: dataDirectory, publicDirectory: publicDirectory))
    }
}
