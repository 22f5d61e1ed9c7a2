import DisplayList
import InputEvents
import MapGeometry
import SessionTransport
import Testing
import ViewKit
import Wire

@testable import LiveWorld
@testable import MapSession

@Suite struct GestureSessionTests {
    @Test func dragPansWithThePointerAndTheURLFollowsWhenItSettles() throws {
        let h = SessionHarness()
        let before = h.camera
        let grabbed = before.worldPoint(forScreen: Point(x: 600, y: 400), viewport: h.replica.viewport)
        h.pointer(.down, Point(x: 600, y: 400))
        for i in 1...10 { h.pointer(.moved, Point(x: 600 - Double(i) * 20, y: 400 + Double(i) * 5)) }
        h.time += 500 // hold still before release: no inertia
        h.pointer(.moved, Point(x: 400, y: 450))
        h.time += 500
        h.pointer(.up, Point(x: 400, y: 450))
        h.settle()
        let after = h.camera.screenPoint(forWorld: grabbed, viewport: h.replica.viewport)
        #expect(abs(after.x - 400) < 0.5 && abs(after.y - 450) < 0.5)
        #expect(h.replica.url == "#" + h.camera.urlFragment)
        #expect(h.replica.url != "#" + before.urlFragment)
    }

    @Test func aFlickCoastsOnWithInertia() {
        let h = SessionHarness()
        h.pointer(.down, Point(x: 600, y: 400))
        for i in 1...6 { h.pointer(.moved, Point(x: 600 - Double(i) * 40, y: 400)) } // 800 px/s at 50 ms steps
        let atRelease = h.camera.center.x
        h.pointer(.up, Point(x: 360, y: 400))
        h.settle(seconds: 3)
        let coasted = (h.camera.center.x - atRelease) * h.camera.pixelsPerUnit
        // v0 * tau = 800 * 0.4995 ≈ 400 px, less the tail cut at 20 px/s.
        #expect(coasted > 300 && coasted < 420)
    }

    @Test func panFramesCarryOnlyTheCamera() throws {
        let h = SessionHarness()
        h.pointer(.down, Point(x: 600, y: 400))
        h.pointer(.moved, Point(x: 610, y: 400))
        h.pointer(.moved, Point(x: 611, y: 400))
        let last = try #require(h.frames.last)
        #expect(last.ops.count == 1)
        if case .camera = last.ops[0] {} else { Issue.record("expected CAMERA, got \(last.ops)") }
        let bytes = FrameEncoder.frame(number: last.number, inputSeq: last.inputSeq, ops: last.ops)
        #expect(bytes.count < 100)
    }

    @Test func wheelZoomKeepsThePointUnderThePointer() {
        let h = SessionHarness()
        let p = Point(x: 300, y: 200)
        let world = h.camera.worldPoint(forScreen: p, viewport: h.replica.viewport)
        h.send(.wheel(seq: h.nextSeq(), WheelEvent(location: p, delta: Point(x: 0, y: -100), time: 1)))
        #expect(abs(h.camera.zoom - 4.5) < 1e-9)
        let after = h.camera.screenPoint(forWorld: world, viewport: h.replica.viewport)
        #expect(abs(after.x - p.x) < 0.01 && abs(after.y - p.y) < 0.01)
    }

    @Test func twoFingerPinchZoomsByTheSpreadAroundTheMidpoint() {
        let h = SessionHarness()
        let mid = Point(x: 500, y: 300)
        let world = h.camera.worldPoint(forScreen: mid, viewport: h.replica.viewport)
        h.pointer(.down, Point(x: 450, y: 300), id: 1)
        h.pointer(.down, Point(x: 550, y: 300), id: 2)
        h.pointer(.moved, Point(x: 400, y: 300), id: 1)
        h.pointer(.moved, Point(x: 600, y: 300), id: 2)
        // Fingers twice as far apart: one zoom level in, the midpoint stays put.
        #expect(abs(h.camera.zoom - 5) < 1e-9)
        let after = h.camera.screenPoint(forWorld: world, viewport: h.replica.viewport)
        #expect(abs(after.x - mid.x) < 0.01 && abs(after.y - mid.y) < 0.01)
        h.pointer(.up, Point(x: 400, y: 300), id: 1)
        h.pointer(.up, Point(x: 600, y: 300), id: 2)
    }

    @Test func trackpadPinchIsAControlWheel() {
        let h = SessionHarness()
        h.send(
            .wheel(
                seq: h.nextSeq(),
                WheelEvent(
                    location: Point(x: 640, y: 400), delta: Point(x: 0, y: -50),
                    modifiers: .control, time: 1)))
        #expect(abs(h.camera.zoom - 4.5) < 1e-9)
    }

    @Test func doubleClickZoomsInOneLevelAroundThePointer() {
        let h = SessionHarness()
        let p = Point(x: 200, y: 600)
        let world = h.camera.worldPoint(forScreen: p, viewport: h.replica.viewport)
        h.click(p)
        h.click(p)
        h.settle()
        #expect(abs(h.camera.zoom - 5) < 1e-9)
        let after = h.camera.screenPoint(forWorld: world, viewport: h.replica.viewport)
        #expect(abs(after.x - p.x) < 0.01 && abs(after.y - p.y) < 0.01)
    }

    @Test func keyboardZoomsAndPans() {
        let h = SessionHarness()
        h.key("+")
        h.settle()
        #expect(abs(h.camera.zoom - 5) < 1e-9)
        let x = h.camera.center.x
        h.key("ArrowRight")
        h.settle()
        #expect(abs((h.camera.center.x - x) * h.camera.pixelsPerUnit - 100) < 0.01)
        h.key("-")
        h.settle()
        #expect(abs(h.camera.zoom - 4) < 1e-9)
    }

    @Test func browserNavigationMovesTheCamera() {
        let h = SessionHarness()
        h.send(.navigate(seq: h.nextSeq(), hash: "#9/48.85/2.35"))
        #expect(abs(h.camera.zoom - 9) < 1e-9)
        #expect(abs(h.camera.centerCoordinate.latitude - 48.85) < 1e-6)
    }

    @Test func aSlowClientGetsTheLatestStateNotABacklog() {
        let h = SessionHarness()
        let sentBefore = h.output.sent.withLock { $0.count }
        // Inputs without ACKs: at most two frames go out.
        for i in 1...30 {
            h.session.sync {
                h.session.handle(
                    ClientMessage.pointer(
                        seq: UInt32(100 + i),
                        PointerEvent(
                            phase: i == 1 ? .down : .moved, location: Point(x: 600 - Double(i) * 5, y: 400),
                            time: Double(i))
                    ).encoded())
            }
        }
        let sent = h.output.sent.withLock { $0.count } - sentBefore
        #expect(sent == 2)
        // The ACK releases one frame with everything since, reflecting the last input.
        h.drain()
        #expect(h.frames.last?.inputSeq == 130)
    }
}

@Suite struct PointerButtonTests {
    @Test func aRightClickNeitherPansNorSelects() throws {
        let h = SessionHarness()
        let (_, pin) = try #require(h.pinInOpenSpace())
        let before = h.camera
        h.send(.pointer(seq: h.nextSeq(), PointerEvent(phase: .down, buttons: 2, location: pin, time: 5)))
        h.send(
            .pointer(
                seq: h.nextSeq(), PointerEvent(phase: .moved, buttons: 2, location: pin + Point(x: 80, y: 0), time: 5.1)
            ))
        h.send(
            .pointer(
                seq: h.nextSeq(), PointerEvent(phase: .up, buttons: 0, location: pin + Point(x: 80, y: 0), time: 5.2)))
        h.settle()
        #expect(h.camera == before)
        #expect(!h.replica.accessibility.contains { $0.role == .dialog })
    }
}
