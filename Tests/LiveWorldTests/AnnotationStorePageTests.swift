import MapGeometry
import Testing

@testable import LiveWorld

/// Pages of the store's annotations, read a chunk at a time without copying the world.
@Suite struct AnnotationStorePageTests {
    /// 10,000 annotations, every third in the west; more than two chunks of a page's scan.
    static func store() throws -> AnnotationStore {
        let store = AnnotationStore()
        try store.add(
            (0..<10_000).map { i in
                LiveAnnotation(
                    id: "a\(i)", title: "A \(i)",
                    coordinate: Coordinate(latitude: 10, longitude: i % 3 == 0 ? -50 : 50))
            })
        return store
    }

    @Test func pagesWalkEveryMatchInOrderAcrossChunksAndRemovals() throws {
        let store = try Self.store()
        #expect(store.count == 10_000)
        var seen: [String] = []
        var after: UInt64?
        var pages = 0
        while true {
            let (records, more) = store.page(after: after, limit: 1_000) { $0.annotation.coordinate.longitude < 0 }
            seen += records.map(\.id)
            pages += 1
            if pages == 2 {
                // Between two pages: one already listed goes, one not yet listed goes.
                _ = try store.remove(id: "a0")
                _ = try store.remove(id: "a9999")
            }
            guard more, let last = records.last else { break }
            after = last.seq
        }
        let west = (0..<9_999).filter { $0 % 3 == 0 }.map { "a\($0)" }
        #expect(seen == west, "every western annotation once, in order, the one removed later not at all")
        #expect(pages == 4)
        #expect(store.count == 9_998)
    }

    @Test func aFullLastPageSaysThereIsNoMore() throws {
        let store = try Self.store()
        let all = store.page(after: nil, limit: 10_000) { _ in true }
        #expect(all.records.count == 10_000 && !all.more)
        let short = store.page(after: nil, limit: 9_999) { _ in true }
        #expect(short.records.count == 9_999 && short.more)
    }
}
