import ArgumentParser
import Foundation
import MapWire

// Entry point; everything lives in MapWireCommand.swift. Termination signals
// are held from the first instruction, before any thread starts.
MapWireService.holdTerminationSignals()
MapWireService.limitAllocatorArenas()
MapWireService.configureSQLite()

let commandLine = Array(CommandLine.arguments.dropFirst())
let environment = EnvironmentArguments(command: MapWireCommand.self)
if commandLine.contains("--help") || commandLine.contains("-h") {
    print(environment.annotatedHelp(MapWireCommand.helpMessage()))
    exit(0)
}
do {
    let arguments: [String]
    do {
        arguments = try environment.merged(commandLine: commandLine, environment: ProcessInfo.processInfo.environment)
    } catch {
        throw ValidationError(error.description)
    }
    var command = try MapWireCommand.parseAsRoot(arguments)
    try command.run()
} catch {
    let used = environment.variablesUsed(commandLine: commandLine, environment: ProcessInfo.processInfo.environment)
    if !used.isEmpty, !(error is ExitCode) {
        FileHandle.standardError.write(Data("note: from the environment: \(used.joined(separator: " "))\n".utf8))
    }
    MapWireCommand.exit(withError: error)
}
