import Dispatch
import Glibc
import Synchronization
import Testing

@testable import MapWireServer

@Suite struct BulkRequestQueueTests {
    final class Record: Sendable {
        let state = Mutex<(order: [Int], running: Int, overlapped: Bool)>(([], 0, false))
        let done = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        func job(_ n: Int, holds: Bool = false) -> @Sendable () -> Void {
            {
                self.state.withLock { state in
                    state.running += 1
                    if state.running > 1 { state.overlapped = true }
                }
                if holds { self.release.wait() }
                self.state.withLock { state in
                    state.order.append(n)
                    state.running -= 1
                }
                self.done.signal()
            }
        }
    }

    @Test func runsJobsOneAtATimeInOrderAndBoundsTheBytesWaiting() {
        let queue = BulkRequestQueue(maxPendingBytes: 100)
        let record = Record()
        #expect(queue.submit(bytes: 60, record.job(1, holds: true)))
        #expect(queue.submit(bytes: 40, record.job(2)))
        #expect(!queue.submit(bytes: 1, record.job(3))) // 100 bytes already wait
        record.release.signal()
        record.done.wait()
        record.done.wait()
        let (order, _, overlapped) = record.state.withLock { $0 }
        #expect(order == [1, 2])
        #expect(!overlapped)
        // Once drained (the bytes are released right after the job returns),
        // even a body over the bound is taken, alone.
        var accepted = false
        let deadline = DispatchTime.now() + 30
        while !accepted && DispatchTime.now() < deadline {
            accepted = queue.submit(bytes: 500, record.job(4))
            if !accepted { usleep(1000) }
        }
        #expect(accepted)
        record.done.wait()
    }
}
