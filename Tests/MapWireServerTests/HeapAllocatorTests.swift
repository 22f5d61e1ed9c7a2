import SessionTransport
import Testing

@testable import MapWireServer

@Suite struct HeapAllocatorTests {
    /// The tests link the `mapwire` executable's module, and with it jemalloc and its options.
    @Test func jemallocRunsWithoutThreadCachesAndCountsItsBytes() throws {
        guard case .jemalloc(let jemalloc) = HeapAllocator.current else {
            Issue.record(
                "the test binary links jemalloc through mapwire's options, yet runs on \(HeapAllocator.current)")
            return
        }
        #expect(jemalloc.threadCaches == false)
        let counts = try #require(jemalloc.statistics())
        #expect(counts.allocated > 0 && counts.allocated <= counts.active && counts.active <= counts.resident)
        let text = MetricsSnapshot().text { ServerMetrics.writeHeap(.current, to: $0) }
        #expect(text.contains("mapwire_heap_allocator_info{allocator=\"jemalloc\",thread_caches=\"off\"} 1"))
        #expect(text.contains("mapwire_heap_allocated_bytes"))
    }

    /// What a closed crowd freed waits to decay for seconds unless the trim purges it.
    @Test func releasingFreeMemoryGivesFreedPagesBackAtOnce() throws {
        guard case .jemalloc(let jemalloc) = HeapAllocator.current else { return }
        // Blocks under jemalloc's 8 MB threshold: larger ones go back to the system as they are freed.
        let blockSize = 512 << 10, count = 48, half = blockSize * count / 2
        // Other suites' servers trim after their closes too: a try whose pages one of them took is tried again.
        for _ in 0..<5 {
            let before = try #require(jemalloc.statistics()).resident
            let blocks = (0..<count).map { _ in UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: 4096)
            }
            for block in blocks { block.initializeMemory(as: UInt8.self, repeating: 1, count: blockSize) }
            for block in blocks { block.deallocate() }
            let freed = try #require(jemalloc.statistics()).resident
            guard freed >= before + half else { continue }
            HeapAllocator.current.releaseFreeMemory()
            let released = try #require(jemalloc.statistics()).resident
            #expect(freed - released >= half, "resident \(freed) bytes before the purge, \(released) after")
            return
        }
        Issue.record("the freed blocks' pages never stayed resident long enough to be purged")
    }
}
