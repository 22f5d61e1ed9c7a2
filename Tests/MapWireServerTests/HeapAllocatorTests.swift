import Glibc
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

    /// What a closed crowd freed waits to decay for seconds unless the trim purges it. The blocks come from an
    /// arena of the test's own, which no other test allocates from while the suites run at once.
    @Test func releasingFreeMemoryGivesFreedPagesBackAtOnce() throws {
        guard case .jemalloc = HeapAllocator.current else { return }
        let arena = try #require(PrivateArena())
        // Blocks under jemalloc's 8 MB threshold: larger ones go back to the system as they are freed.
        let blockSize = 512 << 10, count = 48
        let pages = blockSize * count / Int(getpagesize())
        // Other suites' servers purge every arena after their closes: a try whose pages one took is tried again.
        for _ in 0..<5 {
            let blocks = (0..<count).compactMap { _ in arena.allocate(blockSize) }
            #expect(blocks.count == count)
            for block in blocks { block.initializeMemory(as: UInt8.self, repeating: 1, count: blockSize) }
            for block in blocks { arena.free(block) }
            let freed = try #require(arena.dirtyPages())
            guard freed >= pages / 2 else { continue }
            HeapAllocator.current.releaseFreeMemory()
            let released = try #require(arena.dirtyPages())
            #expect(released == 0, "\(freed) dirty pages before the purge, \(released) after")
            return
        }
        Issue.record("the freed blocks' pages never stayed dirty long enough to be purged")
    }
}

/// A jemalloc arena made for one test, reached through `mallctl`, `mallocx` and `dallocx`.
private struct PrivateArena {
    private typealias Allocate = @convention(c) (Int, Int32) -> UnsafeMutableRawPointer?
    private typealias Free = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void

    private let jemalloc: Jemalloc
    private let allocateIn: Allocate
    private let freeIn: Free
    private let index: UInt32

    init?() {
        let process = UnsafeMutableRawPointer(bitPattern: 0)
        guard let jemalloc = Jemalloc.loaded(), let allocate = dlsym(process, "mallocx"),
            let free = dlsym(process, "dallocx"), let index = jemalloc.read("arenas.create", as: UInt32.self)
        else { return nil }
        self.jemalloc = jemalloc
        allocateIn = unsafeBitCast(allocate, to: Allocate.self)
        freeIn = unsafeBitCast(free, to: Free.self)
        self.index = index
    }

    /// `MALLOCX_ARENA(index) | MALLOCX_TCACHE_NONE`.
    private var flags: Int32 { Int32((Int(index) + 1) << 20 | 1 << 8) }

    func allocate(_ size: Int) -> UnsafeMutableRawPointer? { allocateIn(size, flags) }

    func free(_ block: UnsafeMutableRawPointer) { freeIn(block, flags) }

    /// The arena's freed pages still resident, as of now.
    func dirtyPages() -> Int? {
        guard jemalloc.refresh() else { return nil }
        return jemalloc.read("stats.arenas.\(index).pdirty", as: Int.self)
    }
}
