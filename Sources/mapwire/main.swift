import MapWire

// Entry point; everything lives in MapWireCommand.swift. Termination signals
// are held from the first instruction, before any thread starts.
MapWireService.holdTerminationSignals()
MapWireCommand.main()
