import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's own figures under the names every Prometheus client uses
/// (`process_*`), read when `/metrics` is: from `/proc/self` on Linux; CPU
/// time and the descriptor limit elsewhere, where `/proc` is missing.
struct ProcessMetrics {
    /// Seconds since the Unix epoch when the process started.
    var startTime: Double?
    /// Memory the process has in RAM now.
    var residentBytes: Int?
    /// The process's address space.
    var virtualBytes: Int?
    /// User and system CPU time used.
    var cpuSeconds: Double
    var openDescriptors: Int?
    /// The soft limit on descriptors (`ulimit -n`).
    var maxDescriptors: Int?

    /// The figures now.
    static func read() -> ProcessMetrics {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        getrusage(RUSAGE_SELF, &usage)
        let resource = RLIMIT_NOFILE
        #endif
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        var limit = rlimit()
        // No limit (RLIM_INFINITY) is all ones on Linux, Int.max on Darwin: not a count to show.
        let maxDescriptors =
            getrlimit(resource, &limit) == 0 && limit.rlim_cur < rlim_t(Int.max)
            ? Int(limit.rlim_cur) : nil
        var figures = ProcessMetrics(cpuSeconds: cpu, maxDescriptors: maxDescriptors)
        #if os(Linux)
        figures.readProc()
        #endif
        return figures
    }

    #if os(Linux)
    /// `/proc/self/stat` (proc(5)): the start in clock ticks after boot,
    /// the address space and the resident pages; `/proc/stat`'s `btime` is
    /// the boot in seconds since the epoch.
    private mutating func readProc() {
        if let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        {
            // After the command's closing parenthesis, field 3 (the state) comes first.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
            let page = sysconf(Int32(_SC_PAGESIZE))
            if fields.count > 21 {
                if let started = Double(fields[19]), let boot = Self.bootTime(), ticks > 0 {
                    startTime = boot + started / ticks
                }
                virtualBytes = Int(fields[20])
                residentBytes = Int(fields[21]).map { $0 * page }
            }
        }
        openDescriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count
    }

    private static func bootTime() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        let line = stat.split(separator: "\n").first { $0.hasPrefix("btime ") }
        return line.flatMap { Double($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
    }
    #endif
}
