// Entry point; everything lives in MapWireCommand.swift.
MapWireCommand.main()
