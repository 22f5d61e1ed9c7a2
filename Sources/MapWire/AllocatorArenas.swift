import Foundation
import MapWireServer

#if canImport(Glibc)
import CMalloc
#endif

extension MapWireService {
    /// Caps the C allocator at one arena per core, unless `MALLOC_ARENA_MAX`
    /// says otherwise. Call it first in `main`, with `holdTerminationSignals()`;
    /// `run()` calls it too, for threads started after that point.
    ///
    /// glibc gives threads that allocate at once up to eight arenas a core,
    /// and what a session frees (its differ's record when it rests) stays
    /// spread over them: 1,000 idle sessions over a million clustered pins
    /// kept 130 KB of resident memory each with the default, 70 KB capped.
    /// Elsewhere than glibc's malloc (jemalloc, which `mapwire` runs on) it
    /// does nothing.
    public static func limitAllocatorArenas() {
        #if canImport(Glibc)
        guard case .glibc = HeapAllocator.current else { return }
        let cap = allocatorArenaCap(
            environment: ProcessInfo.processInfo.environment,
            cores: ProcessInfo.processInfo.activeProcessorCount)
        if let cap { _ = mallopt(M_ARENA_MAX, Int32(cap)) }
        #endif
    }

    /// The arena cap to set: nil when the environment already chose one.
    package static func allocatorArenaCap(environment: [String: String], cores: Int) -> Int? {
        environment["MALLOC_ARENA_MAX"] == nil ? max(1, cores) : nil
    }
}
