import ArgumentParser
import Foundation
import Logging
import MapWire

#if canImport(CJemallocSetup)
import CJemallocSetup
#endif

// Entry point. Termination signals are held from the first instruction, before any thread starts.
MapWireService.holdTerminationSignals()
MapWireService.limitAllocatorArenas()
MapWireService.configureSQLite()
#if canImport(CJemallocSetup)
// A use keeps the options' object in every link, so jemalloc finds `malloc_conf` (MALLOC_CONF still overrides it).
_ = mapwire_jemalloc_options()
#endif

do {
    let command = try MapWireCommand.parse(Array(CommandLine.arguments.dropFirst()))
    let environment = ProcessInfo.processInfo.environment
    // Read once without a logger, for how to log: nothing may log before the logging system is set up.
    try command.settings(environment: environment, logger: nil).log.bootstrap()
    // Then again, logging unknown variables and, at debug, every setting with its source.
    let settings = try command.settings(environment: environment, logger: Logger(label: "mapwire.configuration"))
    try settings.serve()
} catch {
    MapWireCommand.exit(withError: error)
}
