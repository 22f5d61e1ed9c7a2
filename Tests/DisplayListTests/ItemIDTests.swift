import Testing

@testable import DisplayList

/// Item ids are never handed out twice, one at a time or several in a row.
@Suite struct ItemIDTests {
    @Test func aRunOfIdsIsTakenAtOnceAndNoneComesAgain() async {
        // Taken from many threads at once, as sessions and tile makers do.
        let runs = await withTaskGroup(of: [UInt32].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var ids: [UInt32] = []
                    for i in 0..<500 {
                        if (i + task) % 2 == 0 {
                            ids.append(ItemID.next())
                        } else {
                            let first = ItemID.next(count: 4)
                            ids += (0..<4).map { first &+ UInt32($0) }
                        }
                    }
                    return ids
                }
            }
            var all: [UInt32] = []
            for await ids in group { all += ids }
            return all
        }
        #expect(runs.count == 8 * 250 * 5)
        #expect(Set(runs).count == runs.count, "every id once")
        // Other tests take ids meanwhile: the steps themselves on a counter of this test's own.
        let counter = AtomicCounter(start: 10)
        #expect(counter.next(3) == 10 && counter.next() == 13 && counter.next(0) == 14 && counter.next() == 14)
    }
}
