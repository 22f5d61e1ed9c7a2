import Testing

@testable import Persistence

/// The buckets the move log's passes fold positions into: the same bucket
/// for an id in every run, and a merge that keeps each id's newest.
@Suite struct PositionBucketsTests {
    private func entry(_ id: String, _ seq: Int64) -> MoveLog.Entry {
        MoveLog.Entry(id: id, position: .init(latitude: Double(seq), longitude: 0, timestamp: nil), seq: seq)
    }

    @Test func anIdFallsInTheSameBucketInEveryRun() {
        // FNV-1a of the UTF-8 bytes, not `Hasher`, whose seed changes from run to run.
        #expect(PositionBuckets.bucket(of: "") == Int64(0xCBF2_9CE4_8422_2325 % PositionBuckets.count))
        #expect(PositionBuckets.bucket(of: "a") == Int64(0xAF63_DC4C_8601_EC8C % PositionBuckets.count))
        let spread = Set((0..<10_000).map { PositionBuckets.bucket(of: "vehicle-\($0)") })
        #expect(spread.count > 3_000 && spread.allSatisfy { (0..<Int64(PositionBuckets.count)).contains($0) })
    }

    @Test func aMergeKeepsIdOrderAndEachIdsNewestPosition() {
        let old = [entry("a", 5), entry("c", 9), entry("e", 2)]
        let new = [entry("b", 10), entry("c", 11), entry("e", 1), entry("f", 12)]
        #expect(
            PositionBuckets.merge(old, new[...]) == [
                entry("a", 5), entry("b", 10), entry("c", 11), entry("e", 2), entry("f", 12),
            ])
        #expect(PositionBuckets.merge([], new[1...]) == Array(new[1...]))
        #expect(PositionBuckets.merge(old, []) == old)
    }

    @Test func aPassIsInBucketAndIdOrderWithEachIdsLatest() {
        var rng = SystemRandomNumberGenerator()
        for round in 0..<20 {
            // A few ids moved many times, logged out of id order; one round not in number order either.
            let ids = (0..<(1 + round * 40)).map { "pin-\($0 * 7_919 % 10_007)" }
            var entries = (0..<(round * 300)).map { entry(ids.randomElement(using: &rng)!, Int64($0)) }
            if round == 7 { entries.shuffle(using: &rng) }
            var latest: [String: MoveLog.Entry] = [:]
            for e in entries where e.seq >= latest[e.id]?.seq ?? -1 { latest[e.id] = e }
            let expected = latest.values.sorted {
                let (a, b) = (PositionBuckets.bucket(of: $0.id), PositionBuckets.bucket(of: $1.id))
                return a == b ? $0.id < $1.id : a < b
            }
            let pass = PositionBuckets.pass(entries)
            #expect(pass.flatMap(\.entries) == expected)
            #expect(
                pass.allSatisfy { fold in
                    !fold.entries.isEmpty
                        && fold.entries.allSatisfy { PositionBuckets.bucket(of: $0.id) == fold.bucket }
                }, "each group is the bucket it names")
        }
    }
}
