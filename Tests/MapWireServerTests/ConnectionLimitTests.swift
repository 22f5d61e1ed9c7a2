import Testing

@testable import MapWireServer

/// The admission and deadline bookkeeping, without sockets.
@Suite struct ConnectionLimitTests {
    /// Distinct fake connection handles (never dereferenced).
    func handle(_ n: Int) -> OpaquePointer { OpaquePointer(bitPattern: 0x1000 * (n + 1))! }

    @Test func refusesOneOverTheTotalAndAdmitsAgainAfterARelease() {
        let gate = ConnectionGate(maxConnections: 2, maxPerPeer: 0, limitsLoopback: false)
        #expect(gate.admit(handle(1), peer: "10.0.0.1", deadline: 10) == nil)
        #expect(gate.admit(handle(2), peer: "10.0.0.2", deadline: 10) == nil)
        #expect(gate.admit(handle(3), peer: "10.0.0.3", deadline: 10) == .serverFull(limit: 2))
        gate.release(handle(1))
        gate.release(handle(3)) // never admitted: ignored
        #expect(gate.count == 1)
        #expect(gate.admit(handle(3), peer: "10.0.0.3", deadline: 10) == nil)
    }

    @Test func capsEachPeerButNotLoopbackUnlessAsked() {
        let gate = ConnectionGate(maxConnections: 100, maxPerPeer: 2, limitsLoopback: false)
        #expect(gate.admit(handle(1), peer: "10.0.0.1", deadline: 10) == nil)
        #expect(gate.admit(handle(2), peer: "10.0.0.1", deadline: 10) == nil)
        #expect(gate.admit(handle(3), peer: "10.0.0.1", deadline: 10) == .peerFull(limit: 2))
        #expect(gate.admit(handle(4), peer: "10.0.0.2", deadline: 10) == nil)
        for n in 10..<15 { #expect(gate.admit(handle(n), peer: "127.0.0.1", deadline: 10) == nil) }
        gate.release(handle(2))
        #expect(gate.count(peer: "10.0.0.1") == 1)
        #expect(gate.admit(handle(3), peer: "10.0.0.1", deadline: 10) == nil)

        let strict = ConnectionGate(maxConnections: 100, maxPerPeer: 1, limitsLoopback: true)
        #expect(strict.admit(handle(1), peer: "::1", deadline: 10) == nil)
        #expect(strict.admit(handle(2), peer: "::1", deadline: 10) == .peerFull(limit: 1))
    }

    @Test func reportsEachMissedDeadlineOnceWithWhatWasMissed() {
        let gate = ConnectionGate(maxConnections: 10, maxPerPeer: 0, limitsLoopback: false)
        _ = gate.admit(handle(1), peer: "a", deadline: 5)
        _ = gate.admit(handle(2), peer: "b", deadline: 5)
        _ = gate.admit(handle(3), peer: "c", deadline: 5)
        gate.expect(handle(2), .request, by: nil) // headers complete
        gate.expect(handle(3), .firstMessage, by: 8) // upgraded, waits for HELLO
        #expect(gate.expired(at: 4).isEmpty)
        let due = gate.expired(at: 6)
        #expect(due.map(\.wsi) == [handle(1)] && due.map(\.stage) == [.request])
        #expect(gate.expired(at: 7).isEmpty)
        #expect(gate.expired(at: 9).map(\.stage) == [.firstMessage])
        #expect(gate.expired(at: 100).isEmpty)
    }

    @Test func countsSessionsUpToTheirLimitAndFreesThemOnRelease() {
        let gate = ConnectionGate(maxConnections: 10, maxPerPeer: 0, limitsLoopback: false)
        for n in 1...3 { _ = gate.admit(handle(n), peer: "p", deadline: 1) }
        #expect(gate.admitSession(handle(1), limit: 2))
        #expect(gate.admitSession(handle(2), limit: 2))
        #expect(!gate.admitSession(handle(3), limit: 2))
        gate.release(handle(1))
        #expect(gate.sessionCount == 1)
        #expect(gate.admitSession(handle(3), limit: 2))
    }

    @Test func capFitsUnderTheDescriptorLimit() {
        #expect(ConnectionGate.connectionCap(requested: 5) == 5)
        #expect(ConnectionGate.connectionCap(requested: Int.max) < Int.max)
    }

    @Test func inputBucketAllowsABurstThenItsRate() {
        var bucket = InputRateLimiter(rate: 100, burst: 200)
        var allowed = 0
        for _ in 0..<10_000 where bucket.spend(at: 0) { allowed += 1 }
        #expect(allowed == 200)
        let refilled = bucket.spend(at: 0.011) // 1.1 tokens back after 11 ms
        let twice = bucket.spend(at: 0.011)
        #expect(refilled && !twice)
        // Pointer moves at 240 Hz for 50 s never run dry at the default 500/s.
        var steady = InputRateLimiter(rate: 500, burst: 1000)
        let starved = (0..<12_000).filter { !steady.spend(at: Double($0) / 240) }
        #expect(starved.isEmpty)
    }

    @Test func unlimitedInputWhenTheRateIsZero() {
        var bucket = InputRateLimiter(rate: 0, burst: 1)
        let refused = (0..<10_000).filter { _ in !bucket.spend(at: 0) }
        #expect(refused.isEmpty)
    }

    @Test func throttledLogLetsAFewRepeatsThroughAndCountsTheRest() {
        let log = ThrottledLog(perLine: 3, distinct: 2)
        let firstSecond = (0..<1000).map { _ in log.admit("accept: errno 24", at: 10.0).write }
        #expect(firstSecond.filter { $0 }.count == 3)
        let other = log.admit("other", at: 10.1)
        #expect(other.write && other.heldBack == 997)
        #expect(!log.admit("a third distinct line", at: 10.2).write)
        let nextSecond = log.admit("accept: errno 24", at: 11.5)
        #expect(nextSecond.write && nextSecond.heldBack == 1)
    }
}
