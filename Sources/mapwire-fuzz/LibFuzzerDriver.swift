#if FUZZING
import Foundation

// libFuzzer's entry points. SwiftPM links an executable's own `main`, so
// libFuzzer's is not used; ours hands control to its driver instead.

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// One input from libFuzzer, through the selected target's check. libFuzzer's
/// own `main` (linked, not used) names this symbol, so it must exist.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selectedTarget?.check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Drops the target's name, so libFuzzer sees only its own flags and corpus
/// folders, and names it in the environment for the runs libFuzzer starts itself.
func runFuzzer() {
    var arguments = CommandLine.arguments
    if targetIsFirstArgument { arguments.remove(at: 1) }
    if let selectedTarget { setenv("MAPWIRE_FUZZ_TARGET", selectedTarget.rawValue, 1) }
    var pointers = arguments.map { strdup($0) } + [nil]
    var argc = CInt(arguments.count)
    pointers.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress!
        exit(llvmFuzzerRunDriver(&argc, &argv, fuzzOneInput))
    }
}
#endif
