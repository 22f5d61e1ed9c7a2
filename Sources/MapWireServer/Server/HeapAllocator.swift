#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// The C allocator the process runs on, as far as the server needs to know
/// it: to hand freed memory back to the system, and to count its bytes on
/// `/metrics`.
///
/// The `mapwire` executable links jemalloc; an app that embeds the library
/// keeps glibc's malloc unless it links jemalloc too. jemalloc is looked up
/// at run time (`mallctl`), so the library itself links neither.
package enum HeapAllocator: Sendable {
    case jemalloc(Jemalloc)
    case glibc
    case other

    /// What this process runs on, looked up once.
    package static let current: HeapAllocator = {
        if let jemalloc = Jemalloc.loaded() { return .jemalloc(jemalloc) }
        #if canImport(Glibc)
        return .glibc
        #else
        return .other
        #endif
    }()

    /// Its name on `/metrics`.
    package var name: String {
        switch self {
        case .jemalloc: "jemalloc"
        case .glibc: "glibc"
        case .other: "other"
        }
    }

    /// Hands the pages freed blocks left empty back to the system: jemalloc
    /// purges every arena at once rather than as they decay; glibc trims
    /// every arena (`malloc_trim`).
    package func releaseFreeMemory() {
        switch self {
        case .jemalloc(let jemalloc): jemalloc.purgeAllArenas()
        case .glibc:
            #if canImport(Glibc)
            _ = malloc_trim(0)
            #endif
        case .other: break
        }
    }
}

/// jemalloc's control interface, reached through `mallctl`.
package struct Jemalloc: Sendable {
    private typealias Control =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private let control: Control

    /// jemalloc's `mallctl`, if the process links jemalloc.
    package static func loaded() -> Jemalloc? {
        #if canImport(Glibc)
        // RTLD_DEFAULT: the symbol as the process resolves it, whichever library defines it.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallctl") else { return nil }
        return Jemalloc(control: unsafeBitCast(symbol, to: Control.self))
        #else
        return nil
        #endif
    }

    /// The allocator's byte counts, as of now.
    package struct Statistics: Sendable, Equatable {
        /// Bytes in blocks the program holds.
        package var allocated: Int
        /// Bytes in the pages those blocks sit on.
        package var active: Int
        /// Bytes of the allocator's that are resident, its own bookkeeping included.
        package var resident: Int
    }

    /// The counts, refreshed first (jemalloc caches them until its epoch advances).
    package func statistics() -> Statistics? {
        guard refresh(), let allocated: Int = read("stats.allocated"), let active: Int = read("stats.active"),
            let resident: Int = read("stats.resident")
        else { return nil }
        return Statistics(allocated: allocated, active: active, resident: resident)
    }

    /// Whether threads keep caches of freed blocks (`opt.tcache`).
    package var threadCaches: Bool? { read("opt.tcache") }

    /// Purges every arena's freed pages now (`MALLCTL_ARENAS_ALL`).
    func purgeAllArenas() {
        _ = control("arena.4096.purge", nil, nil, nil, 0)
    }

    /// Advances jemalloc's epoch, so the `stats.` values read next are current.
    package func refresh() -> Bool {
        var epoch: UInt64 = 1
        return control("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size) == 0
    }

    /// The value of the control `name` (`stats.allocated`, `arenas.create`), if it has one of `Value`'s size.
    package func read<Value: BitwiseCopyable>(_ name: String, as type: Value.Type = Value.self) -> Value? {
        withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer -> Value? in
            var length = MemoryLayout<Value>.size
            guard control(name, buffer.baseAddress, &length, nil, 0) == 0, length == MemoryLayout<Value>.size
            else { return nil }
            return buffer[0]
        }
    }
}
