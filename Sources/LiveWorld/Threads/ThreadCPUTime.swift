#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread, seconds: what a piece of work cost in
/// computing, without the time the scheduler held it back while other
/// threads ran (which its wall-clock duration counts too).
package enum ThreadCPUTime {
    package static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
