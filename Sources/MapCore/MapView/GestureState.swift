import MapGeometry

/// What the map's gesture handling remembers between pointer events: the
/// pointers down, whether a press became a drag, the pinch's start, and the
/// last tap for double-taps. Kept apart so the map's code reads as steps.
struct GestureState {
    struct Track {
        var start: Point
        var last: Point
        var samples: [(point: Point, time: Double)]
    }

    /// Movement before a press counts as a drag, CSS px.
    static let dragSlop = 4.0
    static let doubleTapInterval = 0.3
    static let doubleTapDistance = 20.0
    /// iOS's normal deceleration rate, 0.998 per ms, as a time constant in seconds.
    static let inertiaTimeConstant = 0.4995
    static let minInertiaSpeed = 60.0
    /// A release this long after the last move means the pointer had stopped:
    /// no momentum. A browser sends no moves while a pointer is held still, so
    /// the last moves alone would fling a drag that ended at rest. Chromium's
    /// velocity tracker waits the same 80 ms before a release.
    static let stoppedBeforeRelease = 0.08

    var pointers: [UInt32: Track] = [:]
    var isDragging = false
    var pinch: (distance: Double, zoom: Double, mid: Point)?
    var lastTap: (point: Point, time: Double)?
    /// When a wheel gesture last moved the camera; it settles after a pause.
    var wheelSettlesAt: Double?

    /// Velocity (px/s) at a release at `releaseTime`, from the samples of the
    /// 100 ms before the last; zero when the pointer had stopped before the release.
    static func velocity(_ samples: [(point: Point, time: Double)], releasedAt releaseTime: Double) -> Point {
        guard let last = samples.last, releaseTime - last.time < stoppedBeforeRelease else { return .zero }
        let recent = samples.filter { last.time - $0.time <= 0.1 }
        guard let first = recent.first, last.time - first.time > 0.005 else { return .zero }
        let dt = last.time - first.time
        return Point(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt)
    }
}
