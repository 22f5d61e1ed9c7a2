// Entry point; everything lives in MapWireCommand.swift. Termination signals
// are held from the first instruction, before any thread starts (Signals.swift).
holdTerminationSignals()
MapWireCommand.main()
