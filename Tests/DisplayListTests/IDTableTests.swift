import Testing

@testable import DisplayList

/// The differ's id table answers as a `Dictionary` does, through growth and removals.
@Suite struct IDTableTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func randomInsertsUpdatesAndRemovalsAnswerAsADictionaryDoes(seed: UInt64) {
        var state = seed
        func next(_ bound: UInt32) -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33) % bound
        }
        var table = IDTable<Int>()
        var oracle: [UInt32: Int] = [:]
        // Keys from a small range collide and leave runs to close up after removals; some are spread wide.
        for step in 0..<20_000 {
            let key = step % 7 == 0 ? next(UInt32.max - 1) : next(3_000)
            switch next(10) {
            case 0..<5:
                table[key] = step
                oracle[key] = step
            case 5..<8:
                #expect(table.remove(key) == oracle.removeValue(forKey: key))
            default:
                table[key, default: 0] += 1
                oracle[key, default: 0] += 1
            }
            if step % 997 == 0 {
                #expect(table.count == oracle.count)
                for (k, v) in oracle { #expect(table[k] == v) }
                #expect(Dictionary(uniqueKeysWithValues: table.entries.map { ($0.key, $0.value) }) == oracle)
            }
        }
        for k in 0..<3_000 { #expect(table[UInt32(k)] == oracle[UInt32(k)]) }
        table.removeAll(keepingCapacity: true)
        #expect(table.isEmpty && table[oracle.keys.first!] == nil)
    }

    @Test func anArrayValueIsAppendedToInPlace() {
        var lists = IDTable<[UInt32]>()
        for i in 0..<1_000 { lists[UInt32(i % 10), default: []].append(UInt32(i)) }
        #expect(lists.count == 10)
        #expect(lists[3] == Array(stride(from: 3, to: 1_000, by: 10)).map(UInt32.init))
        lists[3] = nil
        #expect(lists[3] == nil && lists.count == 9)
    }
}
