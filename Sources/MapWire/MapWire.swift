// One `import MapWire` gives an app everything it builds on: the geometry,
// the views and controls, the MapKit-like map, the app seam and the server.
@_exported import DisplayList
@_exported import InputEvents
@_exported import LiveWorld
@_exported import MapCore
@_exported import MapGeometry
@_exported import MapSession
@_exported import MapWireServer
@_exported import SessionTransport
@_exported import TextLayout
@_exported import ViewKit
