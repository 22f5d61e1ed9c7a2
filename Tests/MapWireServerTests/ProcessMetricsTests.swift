import Foundation
import Testing

@testable import MapWireServer

/// The process's own figures, as every Prometheus client names them.
@Suite struct ProcessMetricsTests {
    @Test func theFiguresDescribeThisProcess() throws {
        let figures = ProcessMetrics.read()
        #expect(figures.cpuSeconds > 0)
        #if os(Linux)
        let started = try #require(figures.startTime)
        let now = Date().timeIntervalSince1970
        let uptime = ProcessInfo.processInfo.systemUptime
        #expect(started <= now + 1 && started >= now - uptime - 1, "after the machine booted, not in the future")
        let resident = try #require(figures.residentBytes)
        let virtual = try #require(figures.virtualBytes)
        #expect(resident > 1 << 20 && virtual >= resident)
        // Standard input, output and error at least; tests running beside this one open more.
        #expect(try #require(figures.openDescriptors) >= 3)
        #endif
    }

    @Test func theyAreOnTheTransportsMetrics() {
        let text = ServerMetrics().prometheusText()
        for family in ["process_cpu_seconds_total counter", "process_max_fds gauge"] {
            #expect(text.contains("# TYPE \(family)\n"), "\(family)")
        }
        #if os(Linux)
        for family in [
            "process_start_time_seconds", "process_resident_memory_bytes", "process_virtual_memory_bytes",
            "process_open_fds",
        ] {
            #expect(text.contains("# TYPE \(family) gauge\n"), "\(family)")
        }
        #endif
    }
}
