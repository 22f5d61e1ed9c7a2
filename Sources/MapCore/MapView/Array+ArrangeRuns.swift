extension Array {
    /// Puts the runs `spans` of `self[first...]` (offsets from `first`) in
    /// the order `order` lists them, by moving the elements rather than
    /// copying them.
    ///
    /// The annotation layer puts its views' accessibility elements in
    /// reading order every frame it renders; each element names its view
    /// with a string, so copying them retains and releases every one, and
    /// the copies were a large part of a pan frame. Moving them is plain
    /// memory.
    ///
    /// Returns false and changes nothing unless the runs lie back to back
    /// from `first` to the end and `order` names each of them exactly once:
    /// anything else would leave an element moved twice or not at all.
    mutating func arrangeRuns(from first: Int, spans: [Range<Int>], in order: [Int]) -> Bool {
        let count = self.count - first
        guard first >= 0, count >= 0, order.count == spans.count else { return false }
        var end = 0
        for run in spans {
            guard run.lowerBound == end else { return false }
            end = run.upperBound
        }
        guard end == count else { return false }
        var named = [Bool](repeating: false, count: spans.count)
        for i in order {
            guard spans.indices.contains(i), !named[i] else { return false }
            named[i] = true
        }
        guard count > 0 else { return true }
        withUnsafeMutableBufferPointer { buffer in
            // Every element leaves its place once and comes back once, in its run's new place.
            let base = buffer.baseAddress! + first
            let arranged = UnsafeMutablePointer<Element>.allocate(capacity: count)
            defer { arranged.deallocate() }
            var next = 0
            for i in order {
                let run = spans[i]
                (arranged + next).moveInitialize(from: base + run.lowerBound, count: run.count)
                next += run.count
            }
            base.moveInitialize(from: arranged, count: count)
        }
        return true
    }
}
