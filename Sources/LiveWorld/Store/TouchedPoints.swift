import MapGeometry

/// Where the changes of a cluster epoch were made (world points, before and
/// after each), in the order the store received them, and when: a map that
/// one of them wakes times its next frame from the first it shows.
struct TouchedPoints: Sendable {
    private(set) var points: [Point] = []
    /// Where each run of points received at one time begins, and that time
    /// (store clock); nil for changes the change log times instead.
    private var times: [(start: Int, time: Double?)] = []

    /// Nothing touched yet.
    init() {}

    /// `points`, changed by changes the change log times.
    init(untimed points: [Point]) {
        self.points = points
        times = points.isEmpty ? [] : [(0, nil)]
    }

    var isEmpty: Bool { points.isEmpty }

    mutating func reserveCapacity(_ n: Int) {
        points.reserveCapacity(n)
    }

    /// Notes `point`, changed by a change the store received at `time`.
    mutating func append(_ point: Point, receivedAt time: Double?) {
        if times.last.map({ $0.time != time }) ?? true { times.append((points.count, time)) }
        points.append(point)
    }

    /// Whether a point lies in `rect` (in any copy of the world), and when the first change there
    /// that has a time was received (times grow with the order).
    func firstTime(in rect: Rect) -> (shows: Bool, time: Double?) {
        var shows = false
        for (r, run) in times.enumerated() {
            let end = r + 1 < times.count ? times[r + 1].start : points.count
            guard points[run.start..<end].contains(where: { WorldWrap.contains(rect, $0) }) else { continue }
            if let time = run.time { return (true, time) }
            shows = true
        }
        return (shows, nil)
    }

    /// Whether any of the points has a time.
    var hasTimes: Bool { times.contains { $0.time != nil } }

    /// When the first change with a time was received: the epoch's oldest.
    var firstTime: Double? { times.lazy.compactMap(\.time).first }
}
