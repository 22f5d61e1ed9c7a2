import Foundation
import MapGeometry
import Persistence
import Testing

@testable import LiveWorld

/// Marker styles, edits and bulk imports are in the store file after a restart.
@Suite struct StyledStoreRestoreTests {
    typealias File = StoreRestoreTests.StoreFile

    @Test func stylesEditsAndBatchAddsSurviveARestart() throws {
        let file = try File()
        do {
            let store = try StoreRestoreTests.start(file)
            try store.add(
                LiveAnnotation(
                    id: "a", title: "A", coordinate: Coordinate(latitude: 1, longitude: 2),
                    markerColor: "#f00", markerSymbol: "1"))
            try store.add(
                (0..<1000).map {
                    LiveAnnotation(
                        id: "bulk\($0)", title: "B\($0)",
                        coordinate: Coordinate(latitude: 0, longitude: Double($0) / 10),
                        markerColor: "#00f")
                })
            try store.update(id: "a") { look in
                look.title = "A2"
                look.markerSymbol = nil
            }
            try store.update(id: "bulk5") { $0.markerColor = "#0f0" }
        }
        let store = try StoreRestoreTests.start(file)
        let a = try #require(store.record(id: "a")?.annotation as? LiveAnnotation)
        #expect(a.appearance == LiveAnnotation.Look(title: "A2", subtitle: nil, markerColor: "#f00", markerSymbol: nil))
        #expect((store.record(id: "bulk5")?.annotation as? LiveAnnotation)?.appearance.markerColor == "#0f0")
        #expect((store.record(id: "bulk999")?.annotation as? LiveAnnotation)?.appearance.markerColor == "#00f")
        let ids = store.records.map(\.id).filter { $0.hasPrefix("bulk") }
        #expect(ids == (0..<1000).map { "bulk\($0)" }, "a batch keeps its order")
        // Page cursors name a record's place: ascending after a restart, and new ones come after.
        let seqs = store.records.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 } && seqs.first ?? 0 > 0)
        let late = try store.add(
            LiveAnnotation(id: "late", title: nil, coordinate: Coordinate(latitude: 0, longitude: 0)))
        #expect(late.seq > seqs.last ?? .max)
    }

    @Test func sizeAltitudeAndNumericIDsSurviveARestartAndAMove() throws {
        let file = try File()
        do {
            let store = try StoreRestoreTests.start(file)
            let look = LiveAnnotation.Look(title: "Seven", markerColor: "ff0000", markerSize: .large)
            try store.add([
                LiveAnnotation(
                    id: "7", kind: "point", coordinate: Coordinate(latitude: 1, longitude: 2), isDraggable: false,
                    clusteringIdentifier: nil, look: look, altitude: 812.5, idIsNumber: true),
                LiveAnnotation(id: "flat", title: nil, coordinate: Coordinate(latitude: 3, longitude: 4)),
            ])
            _ = try store.apply([Move(id: "7", coordinate: Coordinate(latitude: 5, longitude: 6))])
            try store.update(id: "flat") { $0.markerSize = .small }
        }
        let store = try StoreRestoreTests.start(file)
        let seven = try #require(store.record(id: "7")?.annotation as? LiveAnnotation)
        #expect(seven.appearance == LiveAnnotation.Look(title: "Seven", markerColor: "ff0000", markerSize: .large))
        #expect(seven.altitude == 812.5 && seven.idIsNumber && seven.markerSize == .large)
        #expect(seven.coordinate == Coordinate(latitude: 5, longitude: 6))
        let flat = try #require(store.record(id: "flat")?.annotation as? LiveAnnotation)
        #expect(flat.altitude == nil && !flat.idIsNumber && flat.markerSize == .small)
    }

    @Test func aBatchWithAnIDTakenOrGivenTwiceAddsNothing() throws {
        let store = AnnotationStore()
        let c = Coordinate(latitude: 0, longitude: 0)
        try store.add(LiveAnnotation(id: "x", title: nil, coordinate: c))
        #expect(throws: WorldError.duplicateID("x")) {
            try store.add([
                LiveAnnotation(id: "y", title: nil, coordinate: c), LiveAnnotation(id: "x", title: nil, coordinate: c),
            ])
        }
        #expect(throws: WorldError.duplicateID("z")) {
            try store.add([
                LiveAnnotation(id: "z", title: nil, coordinate: c), LiveAnnotation(id: "z", title: nil, coordinate: c),
            ])
        }
        #expect(store.records.map(\.id) == ["x"])
        let version = store.version
        try store.add([
            LiveAnnotation(id: "p", title: nil, coordinate: c), LiveAnnotation(id: "q", title: nil, coordinate: c),
        ])
        #expect(store.version == version + 2)
        #expect(store.indexedCount == 3)
    }
}
