import Testing

@testable import MapCore

@Suite struct KeyFilterTests {
    final class Token {}

    @Test func insertedKeysAreAlwaysMaybeAndMostOthersSurelyNot() {
        let members = (0..<29).map { _ in Token() }
        let others = (0..<2000).map { _ in Token() }
        var filter = KeyFilter()
        for m in members { filter.insert(ObjectIdentifier(m)) }
        #expect(members.allSatisfy { filter.mayContain(ObjectIdentifier($0)) })
        // 29 of 1,024 bits set: about 3 % of other keys pass; allow for chance.
        let falsePositives = others.filter { filter.mayContain(ObjectIdentifier($0)) }.count
        #expect(falsePositives < others.count / 10)
        #expect(!KeyFilter().mayContain(ObjectIdentifier(members[0])))
    }
}
