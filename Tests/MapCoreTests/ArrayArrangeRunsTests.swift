import Testing

@testable import MapCore

/// The annotation layer puts its views' accessibility elements in reading
/// order by moving runs of them: the same arrangement as copying the runs
/// in that order, and nothing at all when the runs or the order are wrong.
@Suite struct ArrayArrangeRunsTests {
    /// Runs of `lengths` after `prefix` elements; names long enough to live on the heap, so a lost or doubled
    /// element would show as a wrong or freed string.
    static func elements(prefix: Int, lengths: [Int]) -> (array: [String], spans: [Range<Int>]) {
        var array = (0..<prefix).map { "not a run's, number \($0) of the ones before" }
        var spans: [Range<Int>] = []
        for (run, length) in lengths.enumerated() {
            let start = array.count - prefix
            array += (0..<length).map { "element \($0) of run \(run), somewhere on the heap" }
            spans.append(start..<(start + length))
        }
        return (array, spans)
    }

    /// What copying the runs in `order` gives.
    static func copied(_ array: [String], from first: Int, spans: [Range<Int>], order: [Int]) -> [String] {
        Array(array[..<first])
            + order.flatMap { i in
                array[(first + spans[i].lowerBound)..<(first + spans[i].upperBound)]
            }
    }

    @Test func movingTheRunsGivesWhatCopyingThemInThatOrderGives() {
        // Seeded, so that a failing arrangement comes back on the next run.
        var rng = CalloutFitTests.SeededGenerator(state: 20_261_128)
        for trial in 0..<200 {
            let prefix = trial % 4
            let lengths = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Int.random(in: 0...3, using: &rng) }
            var (array, spans) = Self.elements(prefix: prefix, lengths: lengths)
            let order = Array(spans.indices).shuffled(using: &rng)
            let expected = Self.copied(array, from: prefix, spans: spans, order: order)
            let arranged = array.arrangeRuns(from: prefix, spans: spans, in: order)
            #expect(arranged)
            #expect(array == expected, "runs \(lengths) in order \(order)")
        }
    }

    @Test func runsOrAnOrderThatWouldLoseOrDoubleAnElementChangeNothing() {
        let (array, spans) = Self.elements(prefix: 2, lengths: [2, 0, 3, 1])
        let refused: [(spans: [Range<Int>], order: [Int], why: String)] = [
            (spans, [0, 1, 2, 2], "a run named twice"),
            (spans, [0, 1, 2], "a run not named"),
            (spans, [0, 1, 2, 4], "no such run"),
            ([0..<2, 3..<5, 5..<6, 6..<6], [0, 1, 2, 3], "a gap between runs"),
            ([0..<2, 1..<5, 5..<6, 6..<6], [0, 1, 2, 3], "runs that overlap"),
            ([0..<2, 2..<2, 2..<5, 5..<5], [0, 1, 2, 3], "runs that stop short of the end"),
            ([0..<2, 2..<2, 2..<5, 5..<7], [0, 1, 2, 3], "runs past the end"),
        ]
        for (spans, order, why) in refused {
            var arranged = array
            let done = arranged.arrangeRuns(from: 2, spans: spans, in: order)
            #expect(!done, "\(why)")
            #expect(arranged == array, "\(why)")
        }
        var beyond = array, empty = array
        let pastTheEnd = beyond.arrangeRuns(from: array.count + 1, spans: [], in: [])
        let noRuns = empty.arrangeRuns(from: array.count, spans: [], in: [])
        #expect(!pastTheEnd && noRuns && empty == array)
    }
}
