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
        #expect(PositionBuckets.merge(old, new[...]) == [
            entry("a", 5), entry("b", 10), entry("c", 11), entry("e", 2), entry("f", 12),
        ])
        #expect(PositionBuckets.merge([], new[1...]) == Array(new[1...]))
        #expect(PositionBuckets.merge(old, []) == old)
    }
}
