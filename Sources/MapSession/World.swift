import Foundation
import MapCore
import Persistence
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

    /// A world whose annotations live in `store`.
    public init(fonts: FontBook, baseMap: BaseMap?, content: SampleContent, store: AnnotationStore) {
        self.fonts = fonts
        self.baseMap = baseMap
        self.content = content
        self.store = store
        if let baseMap { BaseMapView.prepareLabels(of: baseMap, fonts: fonts) }
    }

    /// A world kept in memory only. `logLimit`: changes the store keeps for
    /// sessions catching up (tests make it small).
    public convenience init(fonts: FontBook, baseMap: BaseMap?, content: SampleContent,
                            logLimit: Int = AnnotationStore.defaultLogLimit) {
        self.init(fonts: fonts, baseMap: baseMap, content: content,
                  store: AnnotationStore(content: content, logLimit: logLimit))
    }

    /// Loads the fixtures and the page's fonts, and the world kept at
    /// `storePath` (`:memory:` for none): a store file that cannot be used
    /// stops start-up with a `StoreError` naming it.
    public static func load(dataDirectory: URL, publicDirectory: URL, storePath: String = ":memory:") throws -> World {
        let fonts = try FontBook.load(publicDirectory: publicDirectory)
        let baseMap = try BaseMap(contentsOf: dataDirectory.appendingPathComponent("basemap.bin"))
        let content = try SampleContent.load(dataDirectory: dataDirectory, publicDirectory: publicDirectory)
        let store = storePath == ":memory:"
            ? AnnotationStore(content: content)
            : try AnnotationStore(content: content, database: WorldDatabase(path: storePath))
        return World(fonts: fonts, baseMap: baseMap, content: content, store: store)
    }
}
