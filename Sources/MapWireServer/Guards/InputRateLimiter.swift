/// A token bucket for one WebSocket's incoming messages.
///
/// A browser sends a pointer move per display frame (60-144 Hz), wheel steps
/// and an acknowledgement per frame it paints; a few hundred messages a
/// second at most. Each message is decoded on the service thread and queued
/// for the session's map work, so a client that sends thousands in a burst
/// takes time from every other session: it spends its bucket and is closed.
struct InputRateLimiter {
    /// Tokens added per second.
    let rate: Double
    /// The most tokens the bucket holds: the burst allowed after a pause.
    let capacity: Double
    private var tokens: Double
    private var updated: Double?

    /// `rate` messages a second with bursts of `burst`; a rate of 0 or less
    /// means no limit.
    init(rate: Int, burst: Int) {
        self.rate = Double(rate)
        self.capacity = Double(max(1, burst, rate))
        self.tokens = capacity
    }

    /// Takes one token at time `now` (seconds, monotonic); false when none is left.
    mutating func spend(at now: Double) -> Bool {
        guard rate > 0 else { return true }
        if let updated {
            tokens = min(capacity, tokens + max(0, now - updated) * rate)
        }
        updated = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
