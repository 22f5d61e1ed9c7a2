import Foundation
import MapGeometry
import Persistence
import Testing

@testable import LiveWorld
@testable import MapCore

/// A clustered record keeps its slot in the store's shared clustering, so a
/// move finds it without a lookup: removed pins free slots that later adds
/// take, and a restart gives every pin a slot again.
@Suite struct ClusterSlotTests {
    /// Every pin of `ids` in the published clustering at its annotation's
    /// point, and no other.
    private static func expectClusteredWhereTheyAre(
        _ store: AnnotationStore, ids: Set<String>,
        _ comment: Comment
    ) throws {
        store.publishClusters()
        let index = try #require(store.clusterSnapshot()?.indexes["fleet"])
        var seen: Set<String> = []
        for i in 0..<index.count {
            let pin = try #require(index.annotation(at: i) as? LiveAnnotation)
            #expect(index.point(at: i) == Mercator.project(pin.coordinate), "\(pin.id): \(comment)")
            seen.insert(pin.id)
        }
        #expect(seen == ids, comment)
    }

    @Test func movesReachTheirOwnSlotsAfterRemovesAddsAndARestart() throws {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        func somewhere() -> Coordinate { Coordinate(latitude: -60 + 120 * next(), longitude: -170 + 340 * next()) }
        let file = try StoreRestoreTests.StoreFile()
        var live: Set<String> = []
        var added = 0
        do {
            let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: file.path))
            for round in 0..<40 {
                // Removes free slots; the adds after them take those slots.
                for id in live.sorted().prefix(Int(next() * 4)) where next() < 0.6 {
                    try store.remove(id: id)
                    live.remove(id)
                }
                let fresh = (0..<(1 + Int(next() * 5))).map { _ in
                    added += 1
                    return LiveAnnotation(
                        id: "pin-\(added)", title: "Pin \(added)", coordinate: somewhere(),
                        clusteringIdentifier: "fleet")
                }
                try store.add(fresh)
                live.formUnion(fresh.map(\.id))
                let movers = live.sorted().filter { _ in next() < 0.5 }
                try store.apply(movers.map { Move(id: $0, coordinate: somewhere()) })
                if round % 10 == 9 { try Self.expectClusteredWhereTheyAre(store, ids: live, "round \(round)") }
            }
        }
        // Restored, each record has its slot again: moves after the restart land on the right pins.
        let store = try AnnotationStore(seeds: [], database: WorldDatabase(path: file.path))
        try Self.expectClusteredWhereTheyAre(store, ids: live, "restored")
        try store.apply(live.sorted().map { Move(id: $0, coordinate: somewhere()) })
        try Self.expectClusteredWhereTheyAre(store, ids: live, "moved after the restart")
    }
}
