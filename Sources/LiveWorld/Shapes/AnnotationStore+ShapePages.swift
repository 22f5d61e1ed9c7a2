/// Lines and areas a page at a time, for the API's lists.
extension AnnotationStore {
    /// Up to `limit` shapes added after the one numbered `seq` (from the
    /// first when nil) that pass `include`, in the order they were added,
    /// each with its number (a list's cursor names the last one listed), and
    /// whether more follow. A number is never reused, so adds and removes
    /// between two pages neither repeat nor skip a shape.
    package func shapePage(
        after seq: UInt64?, limit: Int, where include: (LiveShape) -> Bool
    ) -> (shapes: [(seq: UInt64, shape: LiveShape)], more: Bool) {
        var out: [(seq: UInt64, shape: LiveShape)] = []
        for numbered in shapes.numbered(after: seq ?? 0) where include(numbered.shape) {
            if out.count == limit { return (out, true) }
            out.append(numbered)
        }
        return (out, false)
    }
}
