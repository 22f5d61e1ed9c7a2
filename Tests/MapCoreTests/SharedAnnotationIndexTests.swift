import Dispatch
import Foundation
import MapGeometry
import Synchronization
import Testing

@testable import MapCore

/// The grid behind every map's own annotations and the store's shared index:
/// rect queries checked against a plain scan of the same points.
@Suite struct AnnotationIndexTests {
    /// A fixed-seed generator for the random walks below.
    struct Walk {
        var state: UInt64
        mutating func unit() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func coordinate() -> Coordinate {
            // Mostly a small box (crowded cells, so removals take keys from the middle of a cell), some anywhere.
            if unit() < 0.8 {
                return Coordinate(latitude: 45 + unit() * 2, longitude: 5 + unit() * 2)
            }
            return Coordinate(latitude: -70 + unit() * 140, longitude: -180 + unit() * 360)
        }
        mutating func rect() -> Rect {
            let c = Mercator.project(coordinate())
            let w = unit() < 0.5 ? Mercator.worldSize / 512 : Mercator.worldSize / 8
            return Rect(x: c.x - w / 2, y: c.y - w / 3, width: w, height: w * 2 / 3)
        }
    }

    static func keys(_ entries: [(annotation: Annotation, point: Point)]) -> Set<AnnotationKey> {
        Set(entries.map { AnnotationKey($0.annotation) })
    }

    @Test func queriesMatchAScanThroughInsertsMovesAndRemovals() {
        var walk = Walk(state: 11)
        let pool = (0..<600).map { _ in PointAnnotation(coordinate: walk.coordinate()) }
        var index = AnnotationIndex()
        var expected: [AnnotationKey: (PointAnnotation, Point)] = [:]
        for step in 0..<6_000 {
            let a = pool[Int(walk.unit() * Double(pool.count))]
            let key = AnnotationKey(a)
            switch walk.unit() {
            case ..<0.4:
                a.coordinate = walk.coordinate()
                index.insert(a)
                expected[key] = (a, Mercator.project(a.coordinate))
            case ..<0.7 where expected[key] != nil:
                // A store move: filed at the new point, within or across cells.
                let p = Mercator.project(walk.coordinate())
                index.update(a, at: p)
                expected[key] = (a, p)
            default:
                index.remove(key)
                expected[key] = nil
            }
            if step % 50 == 0 {
                let rect = walk.rect()
                let want = Set(expected.filter { WorldWrap.contains(rect, $0.value.1) }.keys)
                let got = index.entries(in: rect)
                #expect(Self.keys(got) == want)
                #expect(got.count == want.count, "an annotation answered twice")
                #expect(got.allSatisfy { expected[AnnotationKey($0.annotation)]?.1 == $0.point })
            }
        }
        #expect(index.count == expected.count)
        let everything = Rect(x: 0, y: 0, width: Mercator.worldSize, height: Mercator.worldSize)
        #expect(Self.keys(index.entries(in: everything)) == Set(expected.keys))
    }

    /// The store's index of the API's pins: finer cells, counts of the
    /// coarse ones, and answers cut at a limit (nil past it), checked
    /// against a scan through moves, removals and rects of every size.
    @Test func countedQueriesMatchAScanUpToTheirLimit() {
        var walk = Walk(state: 23)
        let pool = (0..<20_000).map { _ in PointAnnotation(coordinate: walk.coordinate()) }
        var index = AnnotationIndex(cellShift: 18, counted: true)
        var expected: [AnnotationKey: Point] = [:]
        for a in pool {
            index.insert(a)
            expected[AnnotationKey(a)] = Mercator.project(a.coordinate)
        }
        var cut = 0, answered = 0
        for step in 0..<20_000 {
            let a = pool[Int(walk.unit() * Double(pool.count))]
            let key = AnnotationKey(a)
            if walk.unit() < 0.85 {
                let p = Mercator.project(walk.coordinate())
                index.update(a, at: p)
                expected[key] = p
            } else {
                index.remove(key)
                expected[key] = nil
            }
            guard step % 20 == 0 else { continue }
            // From a few fine cells to many coarse ones, and the whole world.
            let c = Mercator.project(walk.coordinate())
            let w = Mercator.worldSize / [4_096, 512, 64, 1][step / 20 % 4]
            let rect = Rect(x: c.x - w / 2, y: c.y - w / 3, width: w, height: w * 2 / 3)
            let want = Set(expected.filter { WorldWrap.contains(rect, $0.value) }.keys)
            #expect(index.countAtMost(in: rect) >= want.count)
            let limit = Int(walk.unit() * Double(want.count) * 2 + 1)
            guard let got = index.entries(in: rect, limit: limit) else {
                #expect(want.count > limit)
                cut += 1
                continue
            }
            answered += 1
            #expect(want.count <= limit)
            #expect(Self.keys(got) == want && got.count == want.count)
            #expect(got.allSatisfy { expected[AnnotationKey($0.annotation)] == $0.point })
        }
        #expect(cut > 10 && answered > 10)
    }

    /// What the threads of the test below share.
    final class Run: Sendable {
        let shared = SharedAnnotationIndex()
        /// Per writer, where it last left each of its annotations that is still held.
        let finalState = Mutex<[AnnotationKey: Point]>([:])
        let writersDone = Atomic<Int>(0)
        let queriesWhileWriting = Atomic<Int>(0)
        let wrongAnswers = Atomic<Int>(0)
    }

    @Test func theSharedIndexAnswersWhileSeveralThreadsWriteIt() {
        let run = Run()
        let writers = 4, readers = 2, perWriter = 300, steps = 8_000
        let finished = DispatchGroup()
        // Readers on threads of their own, started first: every answer must lie
        // in the rect asked, however the writers interleave.
        for r in 0..<readers {
            finished.enter()
            Thread {
                var walk = Walk(state: UInt64(100 + r))
                while run.writersDone.load(ordering: .acquiring) < writers {
                    let rect = walk.rect()
                    // A rect past the world's edge holds the pins of the next copy too.
                    for entry in run.shared.delegatedAnnotations(in: rect)
                    where !WorldWrap.contains(rect, entry.point) {
                        run.wrongAnswers.add(1, ordering: .relaxed)
                    }
                    run.queriesWhileWriting.add(1, ordering: .relaxed)
                }
                finished.leave()
            }.start()
        }
        for w in 0..<writers {
            finished.enter()
            Thread {
                // Each writer owns its annotations, so what it last did to each is the truth for it.
                var walk = Walk(state: UInt64(1 + w))
                let mine = (0..<perWriter).map { _ in PointAnnotation(coordinate: walk.coordinate()) }
                var held: [AnnotationKey: Point] = [:]
                for _ in 0..<steps {
                    let a = mine[Int(walk.unit() * Double(perWriter))]
                    let key = AnnotationKey(a)
                    switch walk.unit() {
                    case ..<0.3:
                        run.shared.add(a)
                        held[key] = Mercator.project(a.coordinate)
                    case ..<0.8:
                        a.coordinate = walk.coordinate()
                        run.shared.move(a)
                        held[key] = Mercator.project(a.coordinate)
                    default:
                        run.shared.remove(a)
                        held[key] = nil
                    }
                }
                run.finalState.withLock { s in s.merge(held) { $1 } }
                run.writersDone.add(1, ordering: .releasing)
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(run.queriesWhileWriting.load(ordering: .relaxed) > 0)
        #expect(run.wrongAnswers.load(ordering: .relaxed) == 0)
        let truth = run.finalState.withLock { $0 }
        #expect(run.shared.count == truth.count)
        var walk = Walk(state: 99)
        for _ in 0..<200 {
            let rect = walk.rect()
            let want = Set(truth.filter { WorldWrap.contains(rect, $0.value) }.keys)
            #expect(Self.keys(run.shared.delegatedAnnotations(in: rect)) == want)
        }
    }
}
