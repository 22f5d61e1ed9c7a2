import InputEvents
import MapGeometry
import Testing
import ViewKit

@testable import MapCore

/// A drag pans the map by exactly the pointer's travel; a quick release flings
/// it on, a release after holding still does not. Browsers send no moves while
/// a pointer is held still, so the release's own time must tell.
@Suite struct PanInertiaTests {
    struct Rig {
        let window: Window
        let map: MapView
        let clock: ManualClock
        let start: Camera

        init() {
            let (window, map) = makeMap(camera: Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 4))
            _ = window.renderScene()
            self.window = window
            self.map = map
            clock = window.clock as! ManualClock
            start = map.camera
        }

        /// Down at (600, 400), then twelve moves 16 ms apart of (-20, +10) each:
        /// 240 px left and 120 down at 1,250 / 625 px/s; returns the last move's time.
        func dragLeftAndDown() -> Double {
            var time = 10.0
            window.dispatch(PointerEvent(phase: .down, location: Point(x: 600, y: 400), time: time))
            for i in 1...12 {
                time += 0.016
                window.dispatch(
                    PointerEvent(
                        phase: .moved,
                        location: Point(
                            x: 600 - 20 * Double(i),
                            y: 400 + 10 * Double(i)), time: time))
            }
            return time
        }

        func release(at time: Double) {
            window.dispatch(PointerEvent(phase: .up, buttons: 0, location: Point(x: 360, y: 520), time: time))
        }

        /// Runs the animator at 60 Hz for `seconds` of the window's clock.
        func run(_ seconds: Double) {
            for _ in 0..<Int(seconds * 60) {
                clock.advance(by: 1.0 / 60)
                window.animator.tick()
            }
        }

        /// How far the camera moved from the start, in screen px (x right, y down).
        var pannedBy: Point {
            let scale = map.camera.pixelsPerUnit
            return Point(
                x: (start.center.x - map.camera.center.x) * scale,
                y: (start.center.y - map.camera.center.y) * scale)
        }
    }

    @Test func aDragHeldStillBeforeTheReleasePansByExactlyTheDrag() {
        let rig = Rig()
        let lastMove = rig.dragLeftAndDown()
        rig.release(at: lastMove + 0.25)
        #expect(!rig.window.animator.isAnimating, "no coasting after the pointer stopped")
        rig.run(3)
        #expect(abs(rig.pannedBy.x - -240) < 1e-6 && abs(rig.pannedBy.y - 120) < 1e-6, "\(rig.pannedBy)")
        #expect(rig.map.camera.zoom == rig.start.zoom)
    }

    @Test func aQuickReleaseCoastsOnInTheDragsDirection() {
        let rig = Rig()
        let lastMove = rig.dragLeftAndDown()
        rig.release(at: lastMove + 0.016)
        rig.run(3)
        // v * tau = 1,250 px/s * 0.4995 s ≈ 624 px more, less the tail under 20 px/s.
        #expect(rig.pannedBy.x < -240 - 500 && rig.pannedBy.y > 120 + 250, "\(rig.pannedBy)")
    }

    @Test func theVelocityIsZeroOnceThePointerStoppedBeforeTheRelease() {
        let samples: [(point: Point, time: Double)] = [
            (Point(x: 0, y: 0), 1.0), (Point(x: 10, y: 0), 1.01),
            (Point(x: 20, y: 0), 1.02),
        ]
        let moving = GestureState.velocity(samples, releasedAt: 1.03)
        #expect(abs(moving.x - 1000) < 1e-6 && moving.y == 0)
        #expect(GestureState.velocity(samples, releasedAt: 1.02 + 0.079).x > 0)
        #expect(GestureState.velocity(samples, releasedAt: 1.02 + 0.09) == .zero)
        #expect(GestureState.velocity(samples, releasedAt: 1.3) == .zero)
    }
}
